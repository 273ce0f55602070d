import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutboxMessenger } from '../src/adapters/messaging/outbox-messenger';
import { createTestPaymentGateway } from '../src/adapters/payments/test-payment-gateway';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage';
import { type App, type AppDeps, buildApp } from '../src/app';
import { loadTokenService, type TokenService } from '../src/modules/identity/tokens';
import { createTestClock, type TestClock } from './test-clock';
import { openTestDatabase, type TestDatabase } from './test-database';

export const testIssuer = 'http://localhost:3000/api/identity';
export const testClientId = 'vaidya-web';

export interface TestApp {
  app: App;
  database: TestDatabase;
  tokens: TokenService;
  clock: TestClock;
  /** The local storage's folder (unused when `storage` names another). */
  uploadsDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of this project's engine, driven with `app.inject`.
 * Recharges go through the labelled test gateway unless `paymentGateway` names another,
 * or null for none (as a production server with neither Razorpay nor PAYMENT_GATEWAY=test).
 */
export async function createTestApp(
  options: Partial<Omit<AppDeps, 'database' | 'tokens' | 'cognito' | 'clock' | 'messenger'>> & {
    /** Extra routes that exercise a shared mechanism (error handling, logging) from a test. */
    routes?: (app: App, deps: Pick<TestApp, 'database' | 'tokens' | 'clock'>) => void;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = createTestClock();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'vaidya-test-uploads-'));
  const tokens = await loadTokenService({
    db: database.db,
    issuer: testIssuer,
    clientId: testClientId,
    clock: clock.now,
  });
  const { routes, ...deps } = options;
  const app = await buildApp({
    storage: createLocalFileStorage({ db: database.db, root: uploadsDir, clock: clock.now }),
    ...deps,
    paymentGateway:
      deps.paymentGateway === undefined
        ? await createTestPaymentGateway({ db: database.db })
        : deps.paymentGateway,
    database,
    tokens,
    clock: clock.now,
    messenger: createOutboxMessenger({ db: database.db }),
  });
  routes?.(app, { database, tokens, clock });
  await app.ready();
  return {
    app,
    database,
    tokens,
    clock,
    uploadsDir,
    close: async () => {
      await app.close();
      await database.dispose();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
