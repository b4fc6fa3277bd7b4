import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// The load's time loaded (issue 34, D3): a dashboard receipt clears time_loaded (docs/rules.md), and the
// haulage report still shows when the load left. Rows projected before stay null until
// `npm run projections:rebuild` derives both columns from each ticket's history.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tickets')
    .addColumn('last_time_loaded', 'timestamptz')
    .addColumn('load_time_loaded', 'timestamptz')
    .execute();
}
