import { type IdentityErrorKind, identityMessages } from '@vaidya/contract/identity';

/**
 * The one error the identity services throw. The identity routes answer it in
 * Cognito's shape, `{ "__type": kind, "message": message }`, so a client
 * written for Cognito (or the AWS SDK) reads it unchanged.
 */
export class IdentityError extends Error {
  constructor(
    readonly kind: IdentityErrorKind,
    message: string,
    /** What the request log should say about this refusal: ids only, never a token or a name. */
    readonly warning?: { message: string; ids: Record<string, string> },
  ) {
    super(message);
  }
}

export const incorrectCredentials = () =>
  new IdentityError('NotAuthorizedException', identityMessages.incorrectCredentials);
