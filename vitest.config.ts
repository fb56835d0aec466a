import { defineConfig } from 'vitest/config';

/**
 * Two Node projects: `unit` (pure, fast, `*.test.ts`) and `int` (`*.int.test.ts`, against real
 * PostgreSQL and Redis that the testkit's global setup starts). The web app has its own config.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/gateway/src/**/*.test.ts', 'apps/ingest-worker/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['packages/*/src/**/*.int.test.ts', 'apps/gateway/src/**/*.int.test.ts', 'apps/ingest-worker/src/**/*.int.test.ts', 'tests/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['packages/testkit/src/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
