import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration once committed; add a new, later-dated one instead. `Kysely<any>`, so it
// does not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  // History stays append-only, with one way through: a transaction that says it redacts (SET LOCAL
  // portal.redacting = 'on', redact-events.ts) may replace an event's data and nothing else; the event
  // that vouches for the redaction is appended in the same transaction (docs/event-store.md, "Redaction").
  await sql`
        CREATE OR REPLACE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' AND current_setting('portal.redacting', true) = 'on' THEN
            RETURN NULL;
          END IF;
          RAISE EXCEPTION 'events are append-only (% refused)', TG_OP;
        END $$`.execute(db);
  await sql`
        CREATE FUNCTION events_redaction_changes_data_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          -- Only a redaction is held to this; any other update is refused by events_append_only.
          IF current_setting('portal.redacting', true) IS DISTINCT FROM 'on' THEN
            RETURN NEW;
          END IF;
          IF (NEW.global_position, NEW.transaction_id, NEW.stream_id, NEW.stream_version, NEW.event_id,
              NEW.event_type, NEW.metadata, NEW.recorded_at, NEW.content_hash, NEW.chain_hash)
             IS DISTINCT FROM
             (OLD.global_position, OLD.transaction_id, OLD.stream_id, OLD.stream_version, OLD.event_id,
              OLD.event_type, OLD.metadata, OLD.recorded_at, OLD.content_hash, OLD.chain_hash) THEN
            RAISE EXCEPTION 'a redaction replaces an event''s data only';
          END IF;
          RETURN NEW;
        END $$`.execute(db);
  await sql`
        CREATE TRIGGER events_redaction_data_only BEFORE UPDATE ON events
        FOR EACH ROW EXECUTE FUNCTION events_redaction_changes_data_only()`.execute(db);
}
