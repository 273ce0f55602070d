import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** The argon2 calls, through one object, so a test can see which hashes a sign-in checks. */
export const argon2 = { hash, verify };

/**
 * Secrets at rest: passwords as argon2id (the library's default algorithm,
 * with OWASP's minimum cost: 19 MiB, 2 passes), refresh tokens and codes as
 * SHA-256 only, so a copy of the database lets no one sign in.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password);
}

// A real hash of a password nobody knows: checking an unknown user's password
// against it costs the same time as checking a real one, so the answer's
// timing does not tell whether the account exists.
let dummyHash: Promise<string> | undefined;

/** False for a wrong password, for no such user (`storedHash` undefined) and for a hash that is not argon2. */
export async function passwordMatches(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= argon2.hash(randomBytes(32).toString('base64url'));
  const matches = await argon2.verify(storedHash ?? (await dummyHash), password).catch(() => false);
  return storedHash !== undefined && matches;
}

/** A refresh token: 32 random bytes, base64url, as opaque as Cognito's. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Letters and digits no one mistakes for another when reading them out (no i, l, o, 0, 1). */
const readableAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A one-time password an owner hands over (Add staff, Reset password): four groups of four
 * readable characters, like `k7mq-x3pt-9hwz-r4nd`, about 79 random bits.
 */
export function newTemporaryPassword(): string {
  const group = () =>
    Array.from({ length: 4 }, () => readableAlphabet[randomInt(readableAlphabet.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A six-digit code has only a million values, so its hash protects a copy of
 * the database from a glance, not from a search; what protects the code is
 * its expiry and its five attempts. Salting with the row id at least makes
 * every row's hash different.
 */
export function hashVerificationCode(codeId: string, code: string): string {
  return sha256(`${codeId}:${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
