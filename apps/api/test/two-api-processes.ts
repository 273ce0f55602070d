import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../src/clock';
import { defaultTokenIssuer } from '../src/config';
import type { Db } from '../src/db/database';
import { loadTokenService, type TokenService } from '../src/modules/identity/tokens';
import { type ApiProcess, startApiProcess } from './api-process';
import { createSignedInPartner, type SignedInPartner } from './partners';
import { createQueueWithTimings } from './schedule-fixtures';
import { testClientId } from './test-app';
import { openTestDatabase, type TestDatabase } from './test-database';

export interface TwoApiProcesses {
  /** The two processes; each answers /api on a port of its own. */
  processes(): [ApiProcess, ApiProcess];
  /** The database both use. */
  db(): Db;
  /** A partner signed in with tokens both processes accept, and a queue of theirs open every day. */
  partnerWithQueue(): Promise<{ partner: SignedInPartner; queueId: string }>;
}

/**
 * Two real API processes on one PostgreSQL database, started before the calling describe's
 * tests and stopped after them: what a deployment with LISTEN/NOTIFY between processes has,
 * with no stream heartbeat during the tests.
 */
export function useTwoApiProcesses(): TwoApiProcesses {
  let database: TestDatabase | undefined;
  let tokens: TokenService | undefined;
  let processes: ApiProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    // Creates the signing key both processes then load, so they accept these tokens.
    tokens = await loadTokenService({
      db: database.db,
      issuer: defaultTokenIssuer,
      clientId: testClientId,
      clock: systemClock,
    });
    const env = {
      DATABASE_URL: database.url as string,
      IDENTITY_CLIENT_ID: testClientId,
      // No heartbeat within a test: a TV's display is then read again only when a change is
      // pushed (NOTIFY between the processes), so a change that reaches a stream proves the push.
      EVENT_STREAM_HEARTBEAT_SECONDS: '86400',
    };
    processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await database?.dispose();
  });

  const started = () => {
    if (!database || !tokens) throw new Error('the API processes start before the tests');
    return { database, tokens };
  };
  return {
    processes: () => processes as [ApiProcess, ApiProcess],
    db: () => started().database.db,
    partnerWithQueue: async () => {
      const { database, tokens } = started();
      const partner = await createSignedInPartner({ database, tokens, clock: { now: systemClock } });
      const queueId = await createQueueWithTimings(database.db, {
        partnerId: partner.partnerId,
        locationId: partner.locationId,
      });
      return { partner, queueId };
    },
  };
}
