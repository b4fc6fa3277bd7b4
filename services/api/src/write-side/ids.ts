import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type pg from 'pg';

/** Kinds of entity with numeric ids (the spec's routes take numbers); one sequence each. */
export type IdKind =
  | 'user'
  | 'contractor_company'
  | 'contractor_contact'
  | 'project'
  | 'transport_company'
  | 'transport_contact'
  | 'truck'
  | 'material'
  | 'material_type'
  | 'ticket';

const migrations: Record<string, Migration> = {
  '2026-11-21-001-id-sequences': {
    async up(db: Kysely<any>) {
      await sql`CREATE SEQUENCE user_id_seq`.execute(db);
    },
  },
  '2026-11-21-002-reference-data-id-sequences': {
    async up(db: Kysely<any>) {
      for (const kind of [
        'contractor_company',
        'contractor_contact',
        'project',
        'transport_company',
        'transport_contact',
        'truck',
        'material',
        'material_type',
      ]) {
        await sql`CREATE SEQUENCE ${sql.id(`${kind}_id_seq`)}`.execute(db);
      }
    },
  },
  '2026-11-21-003-ticket-id-sequence': {
    async up(db: Kysely<any>) {
      await sql`CREATE SEQUENCE ticket_id_seq`.execute(db);
    },
  },
  // A ticket number belongs to one ticket per prefix: claimed here, on the write side, before its
  // ticket is generated, so uniqueness never depends on how far the read models have caught up.
  '2026-11-21-004-ticket-number-claims': {
    async up(db: Kysely<any>) {
      await sql`
        CREATE TABLE ticket_number_claim (
          prefix integer NOT NULL,
          ticket_number integer NOT NULL,
          ticket_id integer NOT NULL,
          PRIMARY KEY (prefix, ticket_number)
        )`.execute(db);
    },
  },
};

export async function migrateWriteSide(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'write_side_migration',
    migrationLockTableName: 'write_side_migration_lock',
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** A new id for an aggregate, never reused even when the command that took it fails. */
export async function nextId(pool: pg.Pool, kind: IdKind): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(`SELECT nextval('${kind}_id_seq') AS id`);
  return Number(rows[0]?.id);
}
