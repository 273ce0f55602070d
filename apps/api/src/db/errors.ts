/** A unique constraint refused the row (SQLSTATE 23505), on either driver, however deeply Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
