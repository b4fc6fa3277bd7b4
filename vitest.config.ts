import { defineConfig } from 'vitest/config';

// One runner, three tiers: `npm run test:unit`, `test:int` (real PostgreSQL/Redis), `test:e2e` (Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'services/*/src/**/*.unit.test.ts',
            'projections/src/**/*.unit.test.ts',
            'admin-ui/src/**/*.unit.test.ts',
            'scale-bridge/src/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'int',
          include: [
            'services/*/src/**/*.int.test.ts',
            'projections/src/**/*.int.test.ts',
            'tests/api/**/*.int.test.ts',
            'scale-bridge/src/**/*.int.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // Screens load real data (the ticket page shows 'Loading...' for at least 1 s): poll up to 10 s.
          expect: { poll: { timeout: 10_000 } },
          include: ['tests/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
