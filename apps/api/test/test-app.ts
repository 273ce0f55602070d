import { type App, type AppDeps, buildApp } from '../src/app';
import { openTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: App;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh database of this project's engine, driven with `app.inject`. */
export async function createTestApp(
  options: Pick<AppDeps, 'webDir' | 'logger'> & {
    /** Extra routes that exercise a shared mechanism (error handling, logging) from a test. */
    routes?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({ database, webDir: options.webDir, logger: options.logger });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
