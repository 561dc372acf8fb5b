import { defineConfig } from 'vitest/config';

/**
 * Test tiers by file name: *.unit.spec.ts (no I/O), *.int.spec.ts (real PostgreSQL and Redis),
 * *.e2e.spec.ts (real Chromium against the running stack).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // Property tests run thousands of cases; on a loaded machine they need more than the
          // default 5 s, and what they assert is answers, never speed.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          globalSetup: ['services/api/test/support/global-setup.ts'],
          // Generous: on a shared, loaded machine two API processes and a CLI take their time, and
          // these tests assert outcomes, never speed.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.spec.ts'],
          exclude: ['**/node_modules/**'],
          // One running stack for the whole project (tests/support/index.ts tells how to use it);
          // its first start builds the UIs, hence the long hook timeout.
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
