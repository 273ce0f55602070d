import {
  type AuthenticationResult,
  type Challenge,
  type codeDeliverySchema,
  type IdentityAction,
  type identityRequests,
  refreshTokenLifetimeSeconds,
  type Speciality,
  signUpAttributes,
  type signUpResultSchema,
  specialities,
  specialitySchema,
} from '@vaidya/contract/identity';
import { errors as joseErrors } from 'jose';
import { z } from 'zod';
import type { Messenger } from '../../adapters/messaging/messenger';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import {
  hashPassword,
  hashVerificationCode,
  newRefreshToken,
  newVerificationCode,
  passwordMatches,
  sameHash,
  sha256,
} from './credentials';
import {
  type CodePurpose,
  clearSignInFailures,
  consumeCode,
  countCodesSince,
  findPartnerOfOwner,
  findPendingCode,
  findSessionById,
  findSessionByTokenHash,
  findSignInThrottle,
  findUserByEmail,
  findUserById,
  type IdentityUser,
  insertClinic,
  insertSession,
  insertUser,
  lockSignIn,
  recordSignInFailure,
  replacePendingCode,
  revokeSessionByTokenHash,
  revokeUserSessions,
  takeCodeAttempt,
  updatePassword,
  updateStatus,
} from './identity.repository';
import { IdentityError, identityMessages, incorrectCredentials } from './identity-error';
import { passwordProblem } from './password-policy';
import type { TokenService } from './tokens';

export interface IdentityDeps {
  db: Db;
  tokens: TokenService;
  messenger: Messenger;
  clock: Clock;
}

type Request<A extends IdentityAction> = z.output<(typeof identityRequests)[A]>;
type CodeDelivery = z.infer<typeof codeDeliverySchema>;
type Empty = Record<string, never>;
/** What each action answers with on success, as Cognito does. */
type Responses = {
  InitiateAuth: AuthenticationResult | Challenge;
  RespondToAuthChallenge: AuthenticationResult;
  SignUp: z.infer<typeof signUpResultSchema>;
  ConfirmSignUp: Empty;
  ResendConfirmationCode: CodeDelivery;
  ForgotPassword: CodeDelivery;
  ConfirmForgotPassword: Empty;
  GlobalSignOut: Empty;
  RevokeToken: Empty;
  ChangePassword: Empty;
};
export type IdentityActions = { [A in IdentityAction]: (request: Request<A>) => Promise<Responses[A]> };

const minute = 60 * 1000;
const hour = 60 * minute;

/**
 * Lockout keyed by user name (OWASP ASVS 2.2.1): the fifth consecutive
 * failure locks the name for a minute, each further one doubles that, up to
 * fifteen minutes. Slow enough to stop guessing, short enough that a
 * stranger cannot lock a receptionist out for the day.
 */
const lockout = { failuresBeforeLock: 4, firstLock: minute, longestLock: 15 * minute };

function lockDurationAfter(failures: number): number | undefined {
  const beyond = failures - lockout.failuresBeforeLock;
  if (beyond < 1) return undefined;
  return Math.min(lockout.firstLock * 2 ** (beyond - 1), lockout.longestLock);
}

const codes = {
  maxAttempts: 5,
  maxPerUserPerHour: 5,
  SIGN_UP: {
    lifetime: 24 * hour,
    subject: 'Your Vaidya confirmation code',
    text: (code: string) =>
      `Your Vaidya confirmation code is ${code}. It expires in 24 hours. If you did not sign up for Vaidya, ignore this email.`,
  },
  RESET_PASSWORD: {
    lifetime: hour,
    subject: 'Your Vaidya password reset code',
    text: (code: string) =>
      `Your Vaidya password reset code is ${code}. It expires in 1 hour. If you did not ask to reset your password, ignore this email: your password stays as it is.`,
  },
} as const;

const emailSchema = z.email();
/** Cognito's phone_number attribute: E.164, so a form that works here works against real Cognito too. */
const phoneNumberPattern = /^\+[1-9]\d{6,14}$/;
const maxAttributeLength = 256;

function normaliseEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : undefined;
}

function assertAcceptablePassword(password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new IdentityError('InvalidPasswordException', problem);
}

/** Ties a challenge Session to the password it was issued for; any new password changes it. */
const passwordFingerprint = (passwordHash: string) => sha256(passwordHash);

/** Where the code went, as Cognito shows it: `a***@e***.com`. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

const codeDelivery = (email: string): CodeDelivery => ({
  CodeDeliveryDetails: { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' },
});

function requireParameter(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw new IdentityError('InvalidParameterException', `Missing required parameter ${name}`);
  return value;
}

function assertEnabled(user: IdentityUser): void {
  if (user.disabled_at) throw new IdentityError('NotAuthorizedException', identityMessages.userDisabled);
}

const isExpired = (error: unknown) => error instanceof joseErrors.JWTExpired;

/** The Cognito user-pool actions, one function each; the routes only parse and dispatch. */
export function createIdentityService(deps: IdentityDeps): IdentityActions {
  const { db, tokens, messenger, clock } = deps;

  const assertClient = (clientId: string) => {
    if (clientId !== tokens.clientId) {
      throw new IdentityError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    }
  };

  async function assertNotLocked(username: string) {
    const throttle = await findSignInThrottle(db, username);
    if (throttle?.locked_until && throttle.locked_until > clock()) {
      throw new IdentityError('NotAuthorizedException', identityMessages.passwordAttemptsExceeded);
    }
  }

  /**
   * Checks a password under the lockout. An unknown name costs the same
   * argon2 time, counts failures the same way and gets the same answer as a
   * real one, so neither the answer nor its timing tells whether it exists.
   */
  async function checkPassword(username: string, user: IdentityUser | undefined, password: string) {
    await assertNotLocked(username);
    const matches = await passwordMatches(user?.password_hash, password);
    if (!user || !matches) {
      const now = clock();
      const failures = await recordSignInFailure(db, username, now);
      const lock = lockDurationAfter(failures);
      if (lock) await lockSignIn(db, username, new Date(now.getTime() + lock), now);
      throw incorrectCredentials();
    }
    await clearSignInFailures(db, username);
    return user;
  }

  /** A new sign-in session: its refresh-token row's id is the tokens' origin_jti. */
  async function startSession(tx: Db, user: IdentityUser, now: Date) {
    const sessionId = crypto.randomUUID();
    const refreshToken = newRefreshToken();
    await insertSession(tx, {
      id: sessionId,
      user_id: user.id,
      token_hash: sha256(refreshToken),
      expires_at: new Date(now.getTime() + refreshTokenLifetimeSeconds * 1000),
      created_at: now,
    });
    return { sessionId, refreshToken };
  }

  async function authenticationResult(
    user: IdentityUser,
    session: { sessionId: string; refreshToken: string },
    now: Date,
  ): Promise<AuthenticationResult> {
    const issued = await tokens.issue({
      userId: user.id,
      email: user.email,
      sessionId: session.sessionId,
      authTime: now,
    });
    return {
      AuthenticationResult: {
        IdToken: issued.idToken,
        AccessToken: issued.accessToken,
        RefreshToken: session.refreshToken,
        ExpiresIn: issued.expiresIn,
        TokenType: 'Bearer',
      },
      ChallengeParameters: {},
    };
  }

  async function newPasswordChallenge(user: IdentityUser): Promise<Challenge> {
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: await tokens.issueChallengeSession({
        userId: user.id,
        passwordFingerprint: passwordFingerprint(user.password_hash),
      }),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.email,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({
          email_verified: 'true',
          email: user.email,
          ...(user.name ? { name: user.name } : {}),
          ...(user.phone_number ? { phone_number: user.phone_number } : {}),
        }),
      },
    };
  }

  async function signInWithPassword(parameters: Record<string, string>) {
    const username = requireParameter(parameters, 'USERNAME').toLowerCase();
    const password = requireParameter(parameters, 'PASSWORD');
    const user = await checkPassword(username, await findUserByEmail(db, username), password);
    // Only someone who knows the password learns the account's state.
    assertEnabled(user);
    if (user.status === 'UNCONFIRMED') {
      throw new IdentityError('UserNotConfirmedException', identityMessages.userNotConfirmed);
    }
    if (user.status === 'RESET_REQUIRED') {
      throw new IdentityError('PasswordResetRequiredException', identityMessages.passwordResetRequired);
    }
    if (user.status === 'FORCE_CHANGE_PASSWORD') return newPasswordChallenge(user);
    const now = clock();
    return authenticationResult(user, await startSession(db, user, now), now);
  }

  /** As Cognito: new id and access tokens for the same session, and no new refresh token. */
  async function refresh(parameters: Record<string, string>): Promise<AuthenticationResult> {
    const session = await findSessionByTokenHash(db, sha256(requireParameter(parameters, 'REFRESH_TOKEN')));
    if (!session) throw new IdentityError('NotAuthorizedException', identityMessages.invalidRefreshToken);
    if (session.revoked_at) {
      throw new IdentityError('NotAuthorizedException', identityMessages.refreshTokenRevoked);
    }
    if (session.expires_at <= clock()) {
      throw new IdentityError('NotAuthorizedException', identityMessages.refreshTokenExpired);
    }
    assertEnabled(session.user);
    const issued = await tokens.issue({
      userId: session.user.id,
      email: session.user.email,
      sessionId: session.id,
      authTime: session.created_at,
    });
    return {
      AuthenticationResult: {
        IdToken: issued.idToken,
        AccessToken: issued.accessToken,
        ExpiresIn: issued.expiresIn,
        TokenType: 'Bearer',
      },
      ChallengeParameters: {},
    };
  }

  /** The signed-in user and session behind an access token that is still live. */
  async function sessionOfAccessToken(accessToken: string) {
    const claims = await tokens.verifyAccessToken(accessToken).catch((error: unknown) => {
      throw new IdentityError(
        'NotAuthorizedException',
        isExpired(error) ? identityMessages.accessTokenExpired : identityMessages.invalidAccessToken,
      );
    });
    const session = await findSessionById(db, claims.origin_jti);
    if (!session || session.user.id !== claims.sub) {
      throw new IdentityError('NotAuthorizedException', identityMessages.invalidAccessToken);
    }
    if (session.revoked_at || session.expires_at <= clock()) {
      throw new IdentityError('NotAuthorizedException', identityMessages.accessTokenRevoked);
    }
    return session;
  }

  async function sendCode(user: Pick<IdentityUser, 'id' | 'email' | 'partner_id'>, purpose: CodePurpose) {
    const now = clock();
    if ((await countCodesSince(db, user.id, new Date(now.getTime() - hour))) >= codes.maxPerUserPerHour) {
      throw new IdentityError('LimitExceededException', identityMessages.limitExceeded);
    }
    const code = await db.transaction((tx) => storeNewCode(tx, user.id, purpose, now));
    await deliverCode(user, purpose, code);
  }

  /** Messages go out after the transaction commits: the outbox writes on its own connection. */
  const deliverCode = (
    user: Pick<IdentityUser, 'email' | 'partner_id'>,
    purpose: CodePurpose,
    code: string,
  ) =>
    messenger.send({
      channel: 'email',
      to: user.email,
      subject: codes[purpose].subject,
      text: codes[purpose].text(code),
      partnerId: user.partner_id,
    });

  /**
   * Checks a code and returns it, still pending: the caller consumes it in
   * the transaction that acts on it. Each check spends one of the code's
   * five attempts first; a code with none left answers as an expired one.
   */
  async function checkCode(userId: string, purpose: CodePurpose, given: string) {
    const code = await findPendingCode(db, userId, purpose);
    if (!code || code.expires_at <= clock() || !(await takeCodeAttempt(db, code.id, codes.maxAttempts))) {
      throw new IdentityError('ExpiredCodeException', identityMessages.codeExpired);
    }
    if (!sameHash(code.code_hash, hashVerificationCode(code.id, given))) {
      throw new IdentityError('CodeMismatchException', identityMessages.codeMismatch);
    }
    return code;
  }

  async function consumeOrExpire(tx: Db, codeId: string, now: Date) {
    if (!(await consumeCode(tx, codeId, now))) {
      throw new IdentityError('ExpiredCodeException', identityMessages.codeExpired);
    }
  }

  return {
    async InitiateAuth(request) {
      assertClient(request.ClientId);
      return request.AuthFlow === 'USER_PASSWORD_AUTH'
        ? signInWithPassword(request.AuthParameters)
        : refresh(request.AuthParameters);
    },

    async RespondToAuthChallenge(request) {
      assertClient(request.ClientId);
      const subject = await tokens.verifyChallengeSession(request.Session).catch((error: unknown) => {
        throw new IdentityError(
          'NotAuthorizedException',
          isExpired(error) ? identityMessages.sessionExpired : identityMessages.invalidSession,
        );
      });
      const user = await findUserById(db, subject.userId);
      if (!user || user.email !== request.ChallengeResponses.USERNAME.toLowerCase()) {
        throw new IdentityError('NotAuthorizedException', identityMessages.invalidSession);
      }
      if (
        user.status !== 'FORCE_CHANGE_PASSWORD' ||
        passwordFingerprint(user.password_hash) !== subject.passwordFingerprint
      ) {
        throw new IdentityError('NotAuthorizedException', identityMessages.sessionUsed);
      }
      assertEnabled(user);
      const newPassword = request.ChallengeResponses.NEW_PASSWORD;
      assertAcceptablePassword(newPassword, user.email);
      const passwordHash = await hashPassword(newPassword);
      const now = clock();
      const session = await db.transaction(async (tx) => {
        const changed = await updatePassword(tx, {
          userId: user.id,
          passwordHash,
          status: 'CONFIRMED',
          now,
          expectedHash: user.password_hash,
        });
        if (!changed) throw new IdentityError('NotAuthorizedException', identityMessages.sessionUsed);
        return startSession(tx, user, now);
      });
      return authenticationResult(user, session, now);
    },

    async SignUp(request) {
      assertClient(request.ClientId);
      const email = normaliseEmail(request.Username);
      if (!email) throw new IdentityError('InvalidParameterException', identityMessages.usernameNotEmail);
      assertAcceptablePassword(request.Password, email);
      const attributes = readSignUpAttributes(request.UserAttributes, email);
      if (await findUserByEmail(db, email)) {
        throw new IdentityError('UsernameExistsException', identityMessages.usernameExists);
      }
      const passwordHash = await hashPassword(request.Password);
      const now = clock();
      const created = await db
        .transaction(async (tx) => {
          const clinic = await insertClinic(tx, {
            partner: { name: attributes.clinicName, speciality_type: attributes.speciality },
            location: { location_name: attributes.clinicName, contact_no: attributes.phoneNumber },
            owner: {
              email,
              name: attributes.name,
              phone_number: attributes.phoneNumber,
              password_hash: passwordHash,
              status: 'UNCONFIRMED',
            },
            now,
          });
          const code = await storeNewCode(tx, clinic.userId, 'SIGN_UP', now);
          return { ...clinic, code };
        })
        .catch((error: unknown) => {
          // Two sign-ups with one email at once: the unique index decides.
          if (isUniqueViolation(error)) {
            throw new IdentityError('UsernameExistsException', identityMessages.usernameExists);
          }
          throw error;
        });
      await deliverCode({ email, partner_id: created.partnerId }, 'SIGN_UP', created.code);
      return { UserConfirmed: false, UserSub: created.userId, ...codeDelivery(email) };
    },

    async ConfirmSignUp(request) {
      assertClient(request.ClientId);
      const user = await findUserByEmail(db, request.Username.toLowerCase());
      if (!user) throw new IdentityError('CodeMismatchException', identityMessages.codeMismatch);
      if (user.status !== 'UNCONFIRMED') {
        throw new IdentityError(
          'NotAuthorizedException',
          `User cannot be confirmed. Current status is ${user.status}`,
        );
      }
      const code = await checkCode(user.id, 'SIGN_UP', request.ConfirmationCode);
      const now = clock();
      await db.transaction(async (tx) => {
        await consumeOrExpire(tx, code.id, now);
        await updateStatus(tx, user.id, 'CONFIRMED', now);
      });
      return {};
    },

    async ResendConfirmationCode(request) {
      assertClient(request.ClientId);
      const email = request.Username.toLowerCase();
      const user = await findUserByEmail(db, email);
      if (!user || user.disabled_at) return codeDelivery(email);
      if (user.status !== 'UNCONFIRMED') {
        throw new IdentityError('InvalidParameterException', identityMessages.alreadyConfirmed);
      }
      await sendCode(user, 'SIGN_UP');
      return codeDelivery(user.email);
    },

    /** An unknown or disabled user gets the same answer and no email (Cognito's user-existence protection). */
    async ForgotPassword(request) {
      assertClient(request.ClientId);
      const email = request.Username.toLowerCase();
      const user = await findUserByEmail(db, email);
      if (user && !user.disabled_at) await sendCode(user, 'RESET_PASSWORD');
      return codeDelivery(email);
    },

    async ConfirmForgotPassword(request) {
      assertClient(request.ClientId);
      const email = request.Username.toLowerCase();
      assertAcceptablePassword(request.Password, email);
      const user = await findUserByEmail(db, email);
      if (!user || user.disabled_at) {
        throw new IdentityError('CodeMismatchException', identityMessages.codeMismatch);
      }
      const code = await checkCode(user.id, 'RESET_PASSWORD', request.ConfirmationCode);
      const passwordHash = await hashPassword(request.Password);
      const now = clock();
      // Whoever knew the old password is signed out, and the owner may sign in at once.
      await db.transaction(async (tx) => {
        await consumeOrExpire(tx, code.id, now);
        await updatePassword(tx, { userId: user.id, passwordHash, status: 'CONFIRMED', now });
        await revokeUserSessions(tx, user.id, now);
        await clearSignInFailures(tx, user.email);
      });
      return {};
    },

    async GlobalSignOut(request) {
      const session = await sessionOfAccessToken(request.AccessToken);
      await revokeUserSessions(db, session.user.id, clock());
      return {};
    },

    /** Revoking a token that is unknown or already revoked succeeds, as RFC 7009 asks. */
    async RevokeToken(request) {
      assertClient(request.ClientId);
      if (request.Token.split('.').length === 3) {
        throw new IdentityError('UnsupportedTokenTypeException', 'Only a refresh token can be revoked.');
      }
      await revokeSessionByTokenHash(db, sha256(request.Token), clock());
      return {};
    },

    async ChangePassword(request) {
      const session = await sessionOfAccessToken(request.AccessToken);
      const { user } = session;
      assertEnabled(user);
      assertAcceptablePassword(request.ProposedPassword, user.email);
      await checkPassword(user.email, user, request.PreviousPassword);
      const passwordHash = await hashPassword(request.ProposedPassword);
      const now = clock();
      // The person changing it stays signed in; every other device is signed out.
      await db.transaction(async (tx) => {
        await updatePassword(tx, { userId: user.id, passwordHash, now });
        await revokeUserSessions(tx, user.id, now, session.id);
      });
      return {};
    },
  };
}

/** Stores a fresh code for the user (retiring older ones of its purpose) and returns it in clear to send. */
async function storeNewCode(tx: Db, userId: string, purpose: CodePurpose, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  const code = newVerificationCode();
  await replacePendingCode(tx, {
    id,
    user_id: userId,
    purpose,
    code_hash: hashVerificationCode(id, code),
    expires_at: new Date(now.getTime() + codes[purpose].lifetime),
    created_at: now,
  });
  return code;
}

const allowedSignUpAttributes = new Set<string>([...Object.values(signUpAttributes), 'email']);

/** SignUp's UserAttributes, checked with Cognito's messages for a missing or unknown attribute. */
function readSignUpAttributes(list: { Name: string; Value: string }[], email: string) {
  const values = new Map(list.map((attribute) => [attribute.Name, attribute.Value.trim()]));
  const invalid = (reason: string) =>
    new IdentityError('InvalidParameterException', `Attributes did not conform to the schema: ${reason}`);
  for (const [name, value] of values) {
    if (!allowedSignUpAttributes.has(name))
      throw invalid(`Type for attribute {${name}} could not be determined`);
    if ([...value].length > maxAttributeLength) {
      throw invalid(`${name}: String must be no longer than ${maxAttributeLength} characters`);
    }
  }
  const required = (name: string) => {
    const value = values.get(name);
    if (!value) throw invalid(`${name}: The attribute is required`);
    return value;
  };
  const emailAttribute = values.get('email');
  if (emailAttribute !== undefined && emailAttribute.toLowerCase() !== email) {
    throw invalid('email: The attribute must be the same as the Username');
  }
  const phoneNumber = required(signUpAttributes.phoneNumber);
  if (!phoneNumberPattern.test(phoneNumber)) {
    throw new IdentityError('InvalidParameterException', 'Invalid phone number format.');
  }
  const speciality = specialitySchema.safeParse(required(signUpAttributes.speciality));
  if (!speciality.success) {
    throw invalid(`${signUpAttributes.speciality}: The attribute must be one of ${specialities.join(', ')}`);
  }
  return {
    name: required(signUpAttributes.name),
    phoneNumber,
    clinicName: required(signUpAttributes.clinicName),
    speciality: speciality.data,
  };
}

// Accounts an operator creates from the command line (cli.ts): the same rules as sign-up.

export interface NewClinic {
  clinicName: string;
  email: string;
  password: string;
  ownerName?: string;
  speciality: Speciality;
  subscription: 'standard' | 'wallet';
  /** Exact decimal strings, e.g. "1500.00". */
  walletBalance: string;
  chargePerBooking: string;
}

/** A clinic whose owner is CONFIRMED and signs in at once. */
export async function createClinicAccount(deps: { db: Db; clock: Clock }, clinic: NewClinic) {
  const email = normaliseEmail(clinic.email);
  if (!email) throw new IdentityError('InvalidParameterException', `${clinic.email} is not an email address`);
  assertAcceptablePassword(clinic.password, email);
  const passwordHash = await hashPassword(clinic.password);
  const now = deps.clock();
  const created = await deps.db
    .transaction((tx) =>
      insertClinic(tx, {
        partner: {
          name: clinic.clinicName,
          speciality_type: clinic.speciality,
          subscription_type: clinic.subscription,
          wallet_balance: clinic.walletBalance,
          charge_per_booking: clinic.chargePerBooking,
        },
        location: { location_name: clinic.clinicName, contact_no: '' },
        owner: { email, name: clinic.ownerName ?? '', password_hash: passwordHash, status: 'CONFIRMED' },
        now,
      }),
    )
    .catch(rethrowDuplicateEmail);
  return { ...created, email };
}

/** A staff member of the clinic `partnerEmail` owns; the first sign-in must set a new password. */
export async function createStaffAccount(
  deps: { db: Db; clock: Clock },
  staff: { partnerEmail: string; email: string; temporaryPassword: string; name?: string },
) {
  const email = normaliseEmail(staff.email);
  if (!email) throw new IdentityError('InvalidParameterException', `${staff.email} is not an email address`);
  const partner = await findPartnerOfOwner(deps.db, staff.partnerEmail.trim().toLowerCase());
  if (!partner) {
    throw new IdentityError('UserNotFoundException', `No clinic owner has the email ${staff.partnerEmail}`);
  }
  assertAcceptablePassword(staff.temporaryPassword, email);
  const passwordHash = await hashPassword(staff.temporaryPassword);
  const now = deps.clock();
  const userId = await insertUser(deps.db, {
    partner_id: partner.id,
    email,
    name: staff.name ?? '',
    password_hash: passwordHash,
    status: 'FORCE_CHANGE_PASSWORD',
    role: 'staff',
    password_changed_at: now,
    created_at: now,
    updated_at: now,
  }).catch(rethrowDuplicateEmail);
  return { userId, email, partner };
}

function rethrowDuplicateEmail(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new IdentityError('UsernameExistsException', identityMessages.usernameExists);
  }
  throw error;
}
