import type { PgSession } from 'drizzle-orm/pg-core';
import { vi } from 'vitest';
import type { Db } from '../src/db/database';

/**
 * Counts the statements the app sends to its database (`db`, the test app's handle) while `run`
 * runs: each passes through the prepareQuery of the handle's Drizzle session (on both engines),
 * which Drizzle's published types mark internal, hence the cast.
 */
export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<number> {
  const { session } = db as unknown as { session: Pick<PgSession, 'prepareQuery'> };
  const prepared = vi.spyOn(session, 'prepareQuery');
  try {
    await run();
    return prepared.mock.calls.length;
  } finally {
    prepared.mockRestore();
  }
}
