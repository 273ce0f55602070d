import { idTokenLifetimeSeconds } from '@vaidya/contract/identity';
import { desc, sql } from 'drizzle-orm';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { signingKeys } from '../../db/schema';

const algorithm = 'ES256';

export interface TokenSubject {
  userId: string;
  email: string;
  /** The refresh-token row this sign-in created; revoking it revokes every token it issued. */
  sessionId: string;
  authTime: Date;
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  'cognito:username': string;
  token_use: 'id';
  origin_jti: string;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  username: string;
  client_id: string;
  token_use: 'access';
  origin_jti: string;
}

/** What the NEW_PASSWORD_REQUIRED challenge's Session vouches for. */
export interface ChallengeSubject {
  userId: string;
  /** Changes whenever the password does, so a Session dies once its password was set. */
  passwordFingerprint: string;
}

/** How long a NEW_PASSWORD_REQUIRED Session stays usable, as Cognito's (3 minutes). */
const challengeSessionLifetimeSeconds = 3 * 60;

export interface TokenService {
  issuer: string;
  clientId: string;
  issue(subject: TokenSubject): Promise<{ idToken: string; accessToken: string; expiresIn: number }>;
  /** Signature, issuer, audience, expiry and token_use; throws when any is wrong. */
  verifyIdToken(token: string): Promise<IdTokenClaims>;
  verifyAccessToken(token: string): Promise<AccessTokenClaims>;
  /**
   * The challenge Session is signed like the tokens (unforgeable, and valid
   * in every process of a deployment without shared memory) but can never
   * pass for an id or access token: its token_use is `challenge`.
   */
  issueChallengeSession(subject: ChallengeSubject): Promise<string>;
  /** Throws jose's JWTExpired when the Session is too old, another error when it is not one of ours. */
  verifyChallengeSession(session: string): Promise<ChallengeSubject>;
  jwks(): JSONWebKeySet;
}

/**
 * Loads the signing keys from the database, creating the first one on first
 * use, so every process of a deployment signs and verifies with the same keys.
 */
export async function loadTokenService(options: {
  db: Db;
  issuer: string;
  clientId: string;
  clock: Clock;
}): Promise<TokenService> {
  const { db, issuer, clientId, clock } = options;
  const rows = await loadOrCreateSigningKeys(db);
  const current = rows[0];
  if (!current) throw new Error('no signing key');
  const signingKey = await importJWK(current.private_jwk as JWK, algorithm);
  const keySet: JSONWebKeySet = { keys: rows.map((row) => row.public_jwk as JWK) };
  const verifyKey = createLocalJWKSet(keySet);

  const sign = (payload: JWTPayload, now: number, lifetimeSeconds = idTokenLifetimeSeconds) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: algorithm, kid: current.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .setJti(crypto.randomUUID())
      .sign(signingKey);
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  const verify = async (token: string, tokenUse: 'id' | 'access') => {
    const { payload } = await jwtVerify(token, verifyKey, {
      issuer,
      algorithms: [algorithm],
      currentDate: clock(),
      ...(tokenUse === 'id' ? { audience: clientId } : {}),
    });
    if (
      payload.token_use !== tokenUse ||
      typeof payload.sub !== 'string' ||
      typeof payload.origin_jti !== 'string'
    ) {
      throw new Error(`not an ${tokenUse} token`);
    }
    if (tokenUse === 'access' && payload.client_id !== clientId) throw new Error('token of another client');
    return payload;
  };

  return {
    issuer,
    clientId,
    async issue(subject) {
      const now = nowSeconds();
      const authTime = Math.floor(subject.authTime.getTime() / 1000);
      const idToken = await sign(
        {
          sub: subject.userId,
          aud: clientId,
          email: subject.email,
          email_verified: true,
          'cognito:username': subject.email,
          token_use: 'id',
          auth_time: authTime,
          origin_jti: subject.sessionId,
        },
        now,
      );
      const accessToken = await sign(
        {
          sub: subject.userId,
          client_id: clientId,
          username: subject.email,
          token_use: 'access',
          scope: 'aws.cognito.signin.user.admin',
          auth_time: authTime,
          origin_jti: subject.sessionId,
        },
        now,
      );
      return { idToken, accessToken, expiresIn: idTokenLifetimeSeconds };
    },
    verifyIdToken: async (token) => (await verify(token, 'id')) as IdTokenClaims,
    verifyAccessToken: async (token) => (await verify(token, 'access')) as AccessTokenClaims,
    issueChallengeSession: (subject) =>
      sign(
        { sub: subject.userId, aud: clientId, token_use: 'challenge', pwd: subject.passwordFingerprint },
        nowSeconds(),
        challengeSessionLifetimeSeconds,
      ),
    async verifyChallengeSession(session) {
      const { payload } = await jwtVerify(session, verifyKey, {
        issuer,
        audience: clientId,
        algorithms: [algorithm],
        currentDate: clock(),
      });
      if (
        payload.token_use !== 'challenge' ||
        typeof payload.sub !== 'string' ||
        typeof payload.pwd !== 'string'
      ) {
        throw new Error('not a challenge session');
      }
      return { userId: payload.sub, passwordFingerprint: payload.pwd };
    },
    jwks: () => keySet,
  };
}

/**
 * Processes starting together on a new database must not each create a key:
 * one would sign with a key the others never loaded and their tokens would be
 * refused there. A transaction-scoped advisory lock makes the first one create
 * it and the others read it.
 */
async function loadOrCreateSigningKeys(db: Db) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('vaidya.signing_keys'))`);
    const existing = await tx.select().from(signingKeys).orderBy(desc(signingKeys.created_at));
    if (existing.length > 0) return existing;
    const { privateKey, publicKey } = await generateKeyPair(algorithm, { extractable: true });
    const kid = crypto.randomUUID();
    return tx
      .insert(signingKeys)
      .values({
        kid,
        algorithm,
        private_jwk: await exportJWK(privateKey),
        public_jwk: { ...(await exportJWK(publicKey)), kid, alg: algorithm, use: 'sig' },
      })
      .returning();
  });
}
