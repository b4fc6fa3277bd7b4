import type { Kysely } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// A receipt report carries the net weight the ticket had when received (null: not weighed yet, or
// reported before reports carried one), and a scale or bulk receipt of a SoilFLO load whose load was
// never looked up has no load id until its report finds the load by the ticket's number. weight_version:
// the stream version of the event the weight is from, so a replayed older weighing changes nothing.
// reset: a reset or deletion came after the receipt, so a later weighing is not that receipt's (set on
// sent reports too, which stay sent).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('external_receipts')
    .addColumn('weight', 'numeric(12, 2)')
    .addColumn('weight_version', 'integer')
    .addColumn('reset', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('external_receipts')
    .alterColumn('load_id', (c) => c.dropNotNull())
    .execute();
}
