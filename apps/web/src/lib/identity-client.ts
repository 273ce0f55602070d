import { type AppConfig, appConfigEndpoints } from '@vaidya/contract/app-config';
import { pathOf } from '@vaidya/contract/endpoint';
import {
  authenticationResultSchema,
  challengeSchema,
  codeDeliverySchema,
  type IdentityAction,
  type IdentityRequest,
  identityContentType,
  identityErrorSchema,
  identityMessages,
  identitySentences,
  identityTargetPrefix,
  passwordRefusalReason,
  type IdentityErrorKind as ServerErrorKind,
  signUpAttributes,
  signUpResultSchema,
  starterListsChoice,
} from '@vaidya/contract/identity';
import { messages } from '@vaidya/contract/messages';
import type { Speciality } from '@vaidya/contract/specialities';
import { z } from 'zod';
import type { SessionTokens } from './session';

/**
 * Kinds of failure: Cognito's exception names, plus two for answers that never came
 * or made no sense. Real Cognito has more kinds than our server, hence the open string.
 */
export type IdentityErrorKind =
  | ServerErrorKind
  | 'PasswordHistoryPolicyViolationException'
  | 'NetworkError'
  | 'InvalidResponse'
  | (string & {});

/** A failed identity call; `message` is a sentence to show as it is. */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  readonly kind: IdentityErrorKind;

  constructor(kind: IdentityErrorKind, message: string, cause?: unknown) {
    super(message, { cause });
    this.kind = kind;
  }
}

const sentences: Partial<Record<IdentityErrorKind, string>> = {
  ...identitySentences,
  NetworkError: messages.cannotReachServer,
};

/** What a person should read for a failure; the server's own words where they are already plain. */
export function sentenceFor(kind: IdentityErrorKind, serverMessage = ''): string {
  if (kind === 'NotAuthorizedException') {
    // Cognito tells a locked-out name apart only in this sentence.
    if (/attempts exceeded/i.test(serverMessage)) return identitySentences.TooManyFailedAttemptsException;
    return serverMessage || identityMessages.incorrectCredentials;
  }
  if (kind === 'InvalidPasswordException') {
    return passwordRefusalReason(serverMessage) ?? identitySentences.InvalidPasswordException;
  }
  if (kind === 'InvalidParameterException') return serverMessage || messages.somethingWentWrong;
  return sentences[kind] ?? messages.somethingWentWrong;
}

/** The AWS JSON protocol allows `prefix#Kind` and `Kind:detail`; only the kind matters here. */
function kindOf(type: string): string {
  return type.split('#').at(-1)?.split(':')[0] ?? type;
}

async function fetchOrThrow(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new IdentityError('NetworkError', messages.cannotReachServer, error);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

type IdentityConfig = AppConfig['identity'];
let identityConfig: Promise<IdentityConfig> | undefined;

/**
 * Read by its endpoint's path and schema rather than through `callApi`: its failures are the
 * identity errors the sign-in pages show, and the API client refreshes sessions through this file.
 */
async function fetchIdentityConfig(): Promise<IdentityConfig> {
  const appConfig = appConfigEndpoints.read;
  const response = await fetchOrThrow(`/api${pathOf(appConfig)}`, {
    headers: { Accept: 'application/json' },
  });
  const parsed = appConfig.response.safeParse(await readJson(response));
  if (!response.ok || !parsed.success) {
    throw new IdentityError('InvalidResponse', messages.somethingWentWrong, parsed.error);
  }
  return parsed.data.data.identity;
}

/** The endpoint and client id come from the server, so a deployment can point them at real Cognito. */
function loadIdentityConfig(): Promise<IdentityConfig> {
  identityConfig ??= fetchIdentityConfig().catch((error: unknown) => {
    identityConfig = undefined;
    throw error;
  });
  return identityConfig;
}

async function call<A extends IdentityAction, S extends z.ZodType>(
  action: A,
  request: (clientId: string) => IdentityRequest<A>,
  schema: S,
): Promise<z.output<S>> {
  const { endpoint, clientId } = await loadIdentityConfig();
  const response = await fetchOrThrow(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': identityContentType, 'X-Amz-Target': `${identityTargetPrefix}${action}` },
    body: JSON.stringify(request(clientId)),
  });
  const json = await readJson(response);

  if (!response.ok) {
    const body = identityErrorSchema.safeParse(json);
    if (body.success) {
      const kind = kindOf(body.data.__type);
      throw new IdentityError(kind, sentenceFor(kind, body.data.message));
    }
    const kind = response.status === 429 ? 'TooManyRequestsException' : 'InternalErrorException';
    throw new IdentityError(kind, sentenceFor(kind));
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new IdentityError('InvalidResponse', messages.somethingWentWrong, parsed.error);
  return parsed.data;
}

function tokensOf({
  AuthenticationResult: result,
}: z.output<typeof authenticationResultSchema>): SessionTokens {
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
}

export type SignInOutcome =
  | { kind: 'signed-in'; tokens: SessionTokens }
  | { kind: 'new-password-required'; session: string; username: string };

export async function signIn(username: string, password: string): Promise<SignInOutcome> {
  const answer = await call(
    'InitiateAuth',
    (ClientId) => ({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
    z.union([authenticationResultSchema, challengeSchema]),
  );
  if ('AuthenticationResult' in answer) return { kind: 'signed-in', tokens: tokensOf(answer) };
  return {
    kind: 'new-password-required',
    session: answer.Session,
    // Cognito answers to the user's internal name when they signed in with an alias such as email.
    username: answer.ChallengeParameters.USER_ID_FOR_SRP ?? username,
  };
}

export async function completeNewPassword(options: {
  username: string;
  session: string;
  newPassword: string;
}): Promise<SessionTokens> {
  const answer = await call(
    'RespondToAuthChallenge',
    (ClientId) => ({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId,
      Session: options.session,
      ChallengeResponses: { USERNAME: options.username, NEW_PASSWORD: options.newPassword },
    }),
    authenticationResultSchema,
  );
  return tokensOf(answer);
}

export async function refreshTokens(refreshToken: string): Promise<SessionTokens> {
  const answer = await call(
    'InitiateAuth',
    (ClientId) => ({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
    authenticationResultSchema,
  );
  return tokensOf(answer);
}

export type CodeDelivery = z.output<typeof codeDeliverySchema>['CodeDeliveryDetails'];

export async function forgotPassword(username: string): Promise<CodeDelivery> {
  const answer = await call(
    'ForgotPassword',
    (ClientId) => ({ ClientId, Username: username }),
    codeDeliverySchema,
  );
  return answer.CodeDeliveryDetails;
}

export async function confirmForgotPassword(options: {
  username: string;
  code: string;
  password: string;
}): Promise<void> {
  await call(
    'ConfirmForgotPassword',
    (ClientId) => ({
      ClientId,
      Username: options.username,
      ConfirmationCode: options.code,
      Password: options.password,
    }),
    z.unknown(),
  );
}

export interface SignUpDetails {
  email: string;
  password: string;
  name: string;
  /** E.164, as Cognito's phone_number attribute requires: +91 and ten digits. */
  phoneNumber: string;
  clinicName: string;
  speciality: Speciality;
  /** Start with the speciality's common lists rather than empty ones. */
  starterLists: boolean;
  /** The code of the referral link the sign-up page was opened from, if any. */
  referralCode?: string;
}

export type SignUpResult = z.output<typeof signUpResultSchema>;

export function signUp(details: SignUpDetails): Promise<SignUpResult> {
  return call(
    'SignUp',
    (ClientId) => ({
      ClientId,
      Username: details.email,
      Password: details.password,
      UserAttributes: [
        { Name: signUpAttributes.name, Value: details.name },
        { Name: signUpAttributes.phoneNumber, Value: details.phoneNumber },
        { Name: signUpAttributes.clinicName, Value: details.clinicName },
        { Name: signUpAttributes.speciality, Value: details.speciality },
        {
          Name: signUpAttributes.starterLists,
          Value: details.starterLists ? starterListsChoice.yes : starterListsChoice.no,
        },
        ...(details.referralCode
          ? [{ Name: signUpAttributes.referralCode, Value: details.referralCode }]
          : []),
      ],
    }),
    signUpResultSchema,
  );
}

export async function confirmSignUp(options: { username: string; code: string }): Promise<void> {
  await call(
    'ConfirmSignUp',
    (ClientId) => ({ ClientId, Username: options.username, ConfirmationCode: options.code }),
    z.unknown(),
  );
}

export async function resendConfirmationCode(username: string): Promise<CodeDelivery> {
  const answer = await call(
    'ResendConfirmationCode',
    (ClientId) => ({ ClientId, Username: username }),
    codeDeliverySchema,
  );
  return answer.CodeDeliveryDetails;
}

/** Ends this device's session on the server: the refresh token, every rotation of it, and their id and access tokens. */
export async function revokeToken(refreshToken: string): Promise<void> {
  await call('RevokeToken', (ClientId) => ({ ClientId, Token: refreshToken }), z.unknown());
}

/** Ends every session of the user on every device, so a stolen refresh token stops working too. */
export async function globalSignOut(accessToken: string): Promise<void> {
  await call('GlobalSignOut', () => ({ AccessToken: accessToken }), z.unknown());
}
