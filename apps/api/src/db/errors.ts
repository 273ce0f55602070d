import { DrizzleQueryError } from 'drizzle-orm/errors';

/** The links of an error's cause chain, outermost first. */
function* causes(error: unknown): Generator<Error> {
  for (let cause = error; cause instanceof Error; cause = cause.cause) yield cause;
}

/** PostgreSQL's five-character SQLSTATE, on either driver, however deeply Drizzle wrapped it. */
export function sqlState(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const { code, severity } = cause as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return code;
  }
  return undefined;
}

/** A unique constraint refused the row (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** Whether a unique violation broke this very constraint, when a row could break more than one. */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  for (const cause of causes(error)) {
    const { code, severity } = cause as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') {
      return code === '23505' && (cause as { constraint?: unknown }).constraint === constraint;
    }
  }
  return false;
}

/**
 * SQLSTATEs by which PostgreSQL refuses a value: text that is not the column's
 * type (22P02), a NUL or a character the encoding lacks (22021, 22P05), a
 * number out of range (22003), an impossible date (22007, 22008), text longer
 * than its column (22001), a bad LIKE escape (22025), and a value a check
 * constraint of the schema refuses (23514: a payment of 0 paise).
 */
const refusedValueStates = new Set([
  '22P02',
  '22021',
  '22P05',
  '22003',
  '22007',
  '22008',
  '22001',
  '22025',
  '23514',
]);

/** The database refused a value of the request; the contract should have refused it first. */
export function isRefusedValue(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && refusedValueStates.has(state);
}

/** What the log may know of a failure. */
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  /** The statement with its $n placeholders; values never. */
  query?: string;
  sqlState?: string;
  constraint?: string;
  cause?: LoggedError;
};

/**
 * An error as the log may see it. A failed statement keeps its text and a
 * PostgreSQL error its SQLSTATE and constraint name, nothing else: Drizzle
 * writes the parameters into its message and stack, and PostgreSQL puts values
 * in `detail` ("Key (phone)=(98…)") and in some messages (`invalid input syntax
 * for type uuid: "Ramesh"`), and those values are patients' names and phone numbers.
 */
export function errorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a thrown non-error', stack: '' };
  const cause = error.cause !== undefined ? { cause: errorForLog(error.cause) } : {};
  if (error instanceof DrizzleQueryError) {
    return {
      type: 'DrizzleQueryError',
      message: 'Failed query',
      stack: framesOf(error),
      query: error.query,
      ...cause,
    };
  }
  const { code, severity, constraint } = error as {
    code?: unknown;
    severity?: unknown;
    constraint?: unknown;
  };
  if (typeof code === 'string' && typeof severity === 'string') {
    return {
      type: 'DatabaseError',
      message: `PostgreSQL refused the statement (SQLSTATE ${code})`,
      stack: framesOf(error),
      sqlState: code,
      ...(typeof constraint === 'string' ? { constraint } : {}),
    };
  }
  return { type: error.name, message: error.message, stack: error.stack ?? '', ...cause };
}

/** The stack's "at …" lines without the message lines above them, which may hold values. */
function framesOf(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}
