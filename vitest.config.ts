import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * expect.poll waits for what it polls to come true; its own default gives up after 1 s, which a
 * busy machine (two test runs at once) overruns. Here it waits as long as Testing Library's
 * waits in the web project (asyncUtilTimeout), well inside each test's own timeout.
 */
const pollUntilTrue = { poll: { timeout: 10_000 } };

const apiProject = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `api:${engine}`,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ['test/global-setup.ts'],
    expect: pollUntilTrue,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A worker loads the app's modules once for all its files (a file takes about a second
    // less): each file builds its own app on its own database, and shares no state but the
    // modules'. A test watches a dependency through an object it can spy on, not vi.mock.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Two cores: keep parallel workers modest so PGlite instances and Chromium fit.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      apiProject('pglite'),
      ...(onPostgres ? [apiProject('postgres')] : []),
      'apps/web',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['support/global-setup.ts'],
          expect: pollUntilTrue,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
