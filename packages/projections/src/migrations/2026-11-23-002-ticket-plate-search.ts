import { type Kysely, sql } from 'kysely';

// Frozen: later changes go into a new, later-dated migration.
// The plate search is a case-insensitive "contains" ('b12' finds AB12345): a trigram index on the
// upper-cased plate serves it. The plain index on the plate served whole-plate matches only, which
// no query asks for any more, so it goes rather than cost every ticket write.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX tickets_plate_trgm_idx ON tickets USING gin (upper(truck_license_plate) gin_trgm_ops)`.execute(
    db,
  );
  await db.schema.dropIndex('tickets_plate_idx').execute();
}
