import { identityMessages } from '@vaidya/contract/identity';
import { errors as joseErrors } from 'jose';
import { z } from 'zod';
import type { IdentityUser } from './identity.repository';
import { IdentityError } from './identity-error';

/** Checks that several identity services make, each in Cognito's words. */

export function assertClient(clientId: string, ourClientId: string): void {
  if (clientId !== ourClientId) {
    throw new IdentityError('ResourceNotFoundException', identityMessages.unknownClient(clientId));
  }
}

export function assertEnabled(user: IdentityUser): void {
  if (user.disabled_at) throw new IdentityError('NotAuthorizedException', identityMessages.userDisabled);
}

const emailSchema = z.email();

/** The email as it is stored (trimmed, lower case), or undefined when it is not one. */
export function normaliseEmail(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : undefined;
}

/** Whether a token or Session failed only because it is too old, which Cognito words differently. */
export const isExpired = (error: unknown) => error instanceof joseErrors.JWTExpired;
