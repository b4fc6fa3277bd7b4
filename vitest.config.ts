import { defineConfig } from 'vitest/config';

// One runner, three tiers: `npm run test:unit`, `test:int` (real PostgreSQL/Redis), `test:e2e` (Chromium).

/**
 * Integration files that keep a writing transaction open on purpose (to test ordering and uniqueness
 * around it). Global readers see only events below the oldest open transaction of the whole server, so
 * while one is open every other test database's projections wait: these run on their own, after the
 * others, which run two files at a time (`npm run test:int`: at three, their portals took PostgreSQL to its
 * 100 connections once the webhook relay held a listener connection of its own).
 */
const holdsTransactionsOpen = [
  'packages/event-store/src/postgres/postgres-event-store.int.test.ts',
  'apps/api/src/tickets/tickets-generate.int.test.ts',
];

/**
 * Integration files that start several portal processes, each with its own database pool, and cut their
 * connections on purpose. Beside two other files they took PostgreSQL past its 100 connections ('too many
 * clients': a CI rehearsal's bulk-edit and access-matrix failures), so they run on their own too.
 */
const startsManyProcesses = [
  'apps/api/src/jobs/bulk-runs.int.test.ts',
  'apps/api/src/multi-process.int.test.ts',
  // An API process and two workers, each with its pools: beside it, external-loads.int's login met 'too many clients'.
  'apps/api/src/scales/scale-webhooks.int.test.ts',
];

const runAlone = [...holdsTransactionsOpen, ...startsManyProcesses];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.unit.test.ts',
            'packages/*/test/**/*.unit.test.ts',
            'apps/*/src/**/*.unit.test.ts',
            'tests/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'int',
          include: [
            'packages/*/src/**/*.int.test.ts',
            'apps/*/src/**/*.int.test.ts',
            'tests/**/*.int.test.ts',
          ],
          exclude: runAlone,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'int-exclusive',
          include: runAlone,
          fileParallelism: false,
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
        },
      },
    ],
  },
});
