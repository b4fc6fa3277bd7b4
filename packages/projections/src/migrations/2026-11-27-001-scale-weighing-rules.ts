import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// Each scale's weighing rules (issue 29): its minimum weight in divisions and whether a return to zero is required.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scales')
    .addColumn('minimum_weight_divisions', 'integer')
    .addColumn('return_to_zero_required', 'boolean')
    .execute();
}
