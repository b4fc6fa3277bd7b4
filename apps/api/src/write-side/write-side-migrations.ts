import { type Kysely, type Migration, Migrator, type RawBuilder, sql } from 'kysely';

/** A migration that runs these statements in order. */
const sqlMigration = (...statements: RawBuilder<unknown>[]): Migration => ({
  async up(db: Kysely<any>) {
    for (const statement of statements) await statement.execute(db);
  },
});

/** The write side's own tables (id sequences, number claims, runs, login counters): frozen, date-prefixed. */
const migrations: Record<string, Migration> = {
  '2026-11-21-001-id-sequences': sqlMigration(sql`CREATE SEQUENCE user_id_seq`),
  '2026-11-21-002-reference-data-id-sequences': sqlMigration(
    ...[
      'contractor_company',
      'contractor_contact',
      'project',
      'transport_company',
      'transport_contact',
      'truck',
      'material',
      'material_type',
    ].map((kind) => sql`CREATE SEQUENCE ${sql.id(`${kind}_id_seq`)}`),
  ),
  '2026-11-21-003-ticket-id-sequence': sqlMigration(sql`CREATE SEQUENCE ticket_id_seq`),
  // A ticket number belongs to one ticket per prefix: claimed here, on the write side, before its
  // ticket is generated, so uniqueness never depends on how far the read models have caught up.
  '2026-11-21-004-ticket-number-claims': sqlMigration(
    sql`
        CREATE TABLE ticket_number_claim (
          prefix integer NOT NULL,
          ticket_number integer NOT NULL,
          ticket_id integer NOT NULL,
          PRIMARY KEY (prefix, ticket_number)
        )`,
  ),
  // Bulk work: one row per run an administrator starts, one per chunk of it. The
  // chunk row is where a worker records its result, so a re-delivered chunk is never done twice
  // and progress survives worker crashes and queue-backend restarts.
  '2026-11-21-005-job-runs': sqlMigration(
    sql`
        CREATE TABLE job_run (
          id uuid PRIMARY KEY,
          kind text NOT NULL,
          user_id integer NOT NULL,
          params jsonb NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          finished_at timestamptz
        )`,
    sql`
        CREATE TABLE job_run_chunk (
          run_id uuid NOT NULL REFERENCES job_run (id) ON DELETE CASCADE,
          chunk_index integer NOT NULL,
          spec jsonb NOT NULL,
          total integer NOT NULL,
          done integer NOT NULL DEFAULT 0,
          state text NOT NULL DEFAULT 'pending',
          result jsonb,
          error text,
          attempts integer NOT NULL DEFAULT 0,
          finished_at timestamptz,
          PRIMARY KEY (run_id, chunk_index)
        )`,
  ),
  // Login attempt counters shared by the API processes when there is no Redis (auth/attempt-counters.ts).
  // Keys name an account, or an account and a client address; expired rows are deleted as new ones come.
  '2026-11-23-001-login-attempt-counters': sqlMigration(
    sql`
        CREATE TABLE login_attempt_counter (
          key text PRIMARY KEY,
          attempts integer NOT NULL,
          resets_at timestamptz NOT NULL
        )`,
    sql`CREATE INDEX login_attempt_counter_resets_at_idx ON login_attempt_counter (resets_at)`,
  ),
  // Scales: their id sequence, the bridges' keys (hashes only) and each scale's live state (the
  // latest bridge report, overwritten several times a second; Redis holds it instead when configured).
  '2026-11-23-002-scales': sqlMigration(
    sql`CREATE SEQUENCE scale_id_seq`,
    sql`
        CREATE TABLE scale_bridge_key (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          scale_id integer NOT NULL,
          key_hash bytea NOT NULL UNIQUE,
          created_by_user_id integer,
          created_at timestamptz NOT NULL DEFAULT now(),
          last_used_at timestamptz,
          revoked_at timestamptz
        )`,
    sql`CREATE INDEX scale_bridge_key_scale_idx ON scale_bridge_key (scale_id)`,
    sql`
        CREATE TABLE scale_live (
          scale_id integer PRIMARY KEY,
          report jsonb,
          reported_at timestamptz,
          weighing_by_user_id integer,
          weighing_since timestamptz
        )`,
  ),
  // Issue 29: a scale is weighed from only after it read zero since its last weighing.
  '2026-11-27-001-scale-return-to-zero': sqlMigration(
    sql`ALTER TABLE scale_live ADD COLUMN zeroed_since_weighing boolean NOT NULL DEFAULT false`,
  ),
  // Issue 29: two bridge processes reporting with one key, noted when the latest two reports differ.
  '2026-11-27-002-scale-second-bridge': sqlMigration(
    sql`ALTER TABLE scale_live ADD COLUMN second_bridge_at timestamptz`,
  ),
  // Issue 29: a scale out (disconnected or in error) is one incident, told once, even across restarts.
  '2026-11-27-003-scale-incidents': sqlMigration(
    sql`
        CREATE TABLE scale_incident (
          id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          scale_id integer NOT NULL,
          status text NOT NULL,
          since timestamptz NOT NULL,
          alerted_at timestamptz,
          recovered_at timestamptz
        )`,
    sql`CREATE UNIQUE INDEX scale_incident_open_idx ON scale_incident (scale_id) WHERE recovered_at IS NULL`,
    sql`CREATE INDEX scale_incident_recovered_idx ON scale_incident (recovered_at)`,
  ),
  // Issue 29: zero, tare and print asked of a scale's indicator: queued for its bridge and kept as the
  // scale's command log (who asked, when, what the bridge did). The log is a record, so PostgreSQL
  // keeps it with or without Redis; the partial index keeps a bridge's look for pending ones cheap.
  '2026-11-27-004-scale-commands': sqlMigration(
    sql`
        CREATE TABLE scale_command (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          scale_id integer NOT NULL,
          command text NOT NULL,
          requested_at timestamptz NOT NULL DEFAULT now(),
          requested_by_user_id integer NOT NULL,
          requested_by_name text NOT NULL,
          delivered_at timestamptz,
          outcome text,
          answered_at timestamptz
        )`,
    sql`CREATE INDEX scale_command_log_idx ON scale_command (scale_id, requested_at DESC)`,
    sql`CREATE INDEX scale_command_pending_idx ON scale_command (scale_id, requested_at) WHERE delivered_at IS NULL`,
  ),
  // Issue 31: every verify's answer, kept so the Audit page shows the last one after a reload. A note of
  // what was seen, not a record the chain vouches for: an auditor verifies again to trust it.
  '2026-11-27-005-chain-verifications': sqlMigration(
    sql`
        CREATE TABLE chain_verification (
          id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          verified_at timestamptz NOT NULL DEFAULT now(),
          verified_by_user_id integer,
          ok boolean NOT NULL,
          checked_events bigint NOT NULL,
          first_break jsonb
        )`,
    sql`CREATE INDEX chain_verification_latest_idx ON chain_verification (verified_at DESC)`,
  ),
  // Issue 31, item 5: legal holds are records with ids of their own.
  '2026-11-28-001-legal-hold-id-sequence': sqlMigration(sql`CREATE SEQUENCE legal_hold_id_seq`),
  // Issue 31, item 7: a verify that also compared the read models keeps that answer for the Audit page.
  '2026-11-28-002-chain-verification-read-models': sqlMigration(
    sql`ALTER TABLE chain_verification ADD COLUMN read_models jsonb`,
  ),
  // Issue 32, item 7: the bridge's last refused report, shown on the Scale page beside the live weight.
  '2026-11-28-003-scale-refused-reports': sqlMigration(
    sql`ALTER TABLE scale_live ADD COLUMN refused_at timestamptz, ADD COLUMN refused_message text`,
  ),
  // Issue 32, item 4: a run an administrator cancelled (its chunks not started become 'cancelled').
  '2026-11-28-004-job-run-cancellation': sqlMigration(
    sql`ALTER TABLE job_run ADD COLUMN cancelled_at timestamptz`,
  ),
  // Issue 33, item 5: API keys for machine clients, kept as their SHA-256 only (docs/integrations.md).
  '2026-11-28-010-api-keys': sqlMigration(
    sql`
        CREATE TABLE api_key (
          id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
          name text NOT NULL,
          scopes text[] NOT NULL,
          key_hash bytea NOT NULL UNIQUE,
          created_by_user_id integer NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now(),
          expires_at timestamptz NOT NULL,
          last_used_at timestamptz,
          revoked_at timestamptz
        )`,
  ),
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
