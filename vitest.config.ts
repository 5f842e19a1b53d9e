import { defineConfig } from 'vitest/config';

/**
 * One Vitest run per project, started one after another by scripts/test.mjs, so the two cores
 * never run a database suite and a browser suite at once. The server suites run their files one
 * at a time in one worker that keeps the modules it loaded (`isolate: false`): each file builds
 * its own app on its own database, and loading the server's modules again for each of ~100 files
 * took over two minutes of each suite (docs/testing.md).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // As the server runs (apps/server/src/process-time-zone.ts).
          env: { TZ: 'UTC' },
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'benchmarks/lib/**/*.test.ts',
          ],
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'server-pglite',
          isolate: false,
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          env: { KARTA_TEST_DB: 'pglite', TZ: 'UTC' },
          globalSetup: ['apps/server/test/support/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'server-postgres',
          isolate: false,
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          env: { KARTA_TEST_DB: 'postgres', TZ: 'UTC' },
          globalSetup: ['apps/server/test/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/tests/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
