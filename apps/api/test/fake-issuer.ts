import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import type { Clock } from '../src/clock';

/**
 * A stand-in for a Cognito user pool on 127.0.0.1: it serves its JWKS at
 * `<issuer>/.well-known/jwks.json` and signs tokens shaped like Cognito's,
 * so the API's Cognito mode is tested with no network.
 */
export interface FakeIssuer {
  /** `http://127.0.0.1:<port>/ap-south-1_FakePool`, as Cognito's `https://cognito-idp.<region>.amazonaws.com/<pool id>`. */
  issuer: string;
  /** How often the key set was asked for (jose caches it). */
  keySetRequests(): number;
  /** Answer the key set with this status from now on (200 serves it again). */
  answerKeySetWith(status: number): void;
  /** A Cognito id token for `sub`; `claims` override or (undefined) remove the defaults. */
  idToken(sub: string, claims?: Record<string, unknown>, signing?: Signing): Promise<string>;
  /** A Cognito access token for `sub`: `client_id` and no `aud`, token_use `access`. */
  accessToken(sub: string): Promise<string>;
  close(): Promise<void>;
}

/** Sign with a key the pool does not publish, under the published key id or under another one. */
export type Signing = { key: 'published' } | { key: 'unpublished'; kid: 'published' | 'unknown' };

const lifetimeSeconds = 60 * 60;

export async function startFakeIssuer(options: { clientId: string; clock: Clock }): Promise<FakeIssuer> {
  const { clientId, clock } = options;
  const kid = 'fake-pool-key-1';
  const published = await generateKeyPair('RS256', { extractable: true });
  const unpublished = await generateKeyPair('RS256');
  const keySet = { keys: [{ ...(await exportJWK(published.publicKey)), kid, alg: 'RS256', use: 'sig' }] };

  const poolId = 'ap-south-1_FakePool';
  let requests = 0;
  let status = 200;
  const server = createServer((request, response) => {
    if (request.url !== `/${poolId}/.well-known/jwks.json`) {
      response.writeHead(404).end();
      return;
    }
    requests += 1;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(keySet));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}/${poolId}`;

  const sign = (payload: JWTPayload, signing: Signing = { key: 'published' }) => {
    const key = signing.key === 'published' ? published.privateKey : unpublished.privateKey;
    const headerKid = signing.key === 'unpublished' && signing.kid === 'unknown' ? 'fake-pool-key-2' : kid;
    const now = Math.floor(clock().getTime() / 1000);
    const claims = Object.fromEntries(
      Object.entries({
        iss: issuer,
        iat: now,
        auth_time: now,
        exp: now + lifetimeSeconds,
        ...payload,
      }).filter(([, value]) => value !== undefined),
    );
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: headerKid }).sign(key);
  };

  return {
    issuer,
    keySetRequests: () => requests,
    answerKeySetWith: (next) => {
      status = next;
    },
    idToken: (sub, claims = {}, signing) =>
      sign(
        {
          sub,
          aud: clientId,
          token_use: 'id',
          email: 'doctor@clinic.test',
          email_verified: true,
          'cognito:username': sub,
          origin_jti: crypto.randomUUID(),
          event_id: crypto.randomUUID(),
          jti: crypto.randomUUID(),
          ...claims,
        },
        signing,
      ),
    accessToken: (sub) =>
      sign({
        sub,
        client_id: clientId,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin',
        username: sub,
        origin_jti: crypto.randomUUID(),
        jti: crypto.randomUUID(),
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
