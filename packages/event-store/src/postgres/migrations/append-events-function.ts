/**
 * The frame both frozen versions of append_events share, written once: one call, one round trip, one
 * transaction for a batch of appends, each checked on its own and in order (a later one sees the earlier
 * ones' rows): ids already appended give the earlier result ('repeated', no write), reused ids 'ids_reused',
 * a wrong expected version 'wrong_version' with the actual version, else 'appended' with the positions.
 * Each append is {streamId, expected ('any', 'stream_exists' or the exact version), events, checkIds (false
 * when the caller generated every id, so none can have been appended before)}. Rows keep the xid8 default.
 *
 * Frozen with the migrations that use it: a new version of the function is a new migration that writes
 * its own text, never an edit here (frozen-migrations.unit.test.ts pins both versions' statements).
 */
export function appendEventsFunction(version: {
  /** Variables of this version besides the frame's, each line ending in a newline. */
  declarations: string;
  /** Sets v_actual, the stream's version (0 for none), and what else the insert needs of the head. */
  readHead: string;
  /** The `WITH inserted AS (INSERT ... RETURNING global_position)` of the appended events. */
  insertEvents: string;
}): string {
  return (
    `
        CREATE OR REPLACE FUNCTION append_events(p_appends jsonb)
        RETURNS TABLE (n bigint, outcome text, next_version integer, last_transaction_id xid8,
          last_global_position bigint)
        LANGUAGE plpgsql AS $$
        DECLARE
          v_append jsonb;
          v_stream_id text;
          v_expected text;
          v_events jsonb;
          v_found integer;
          v_same_append boolean;
          v_last_version integer;
          v_actual integer;
          v_satisfied boolean;
` +
    version.declarations +
    `        BEGIN
          FOR v_append, n IN SELECT a.value, a.ordinality FROM jsonb_array_elements(p_appends) WITH ORDINALITY a
            ORDER BY a.ordinality
          LOOP
            v_stream_id := v_append->>'streamId';
            v_expected := v_append->>'expected';
            v_events := v_append->'events';
            outcome := NULL;
            next_version := NULL;
            last_transaction_id := NULL;
            last_global_position := NULL;

            IF (v_append->>'checkIds')::boolean THEN
              SELECT count(*)::integer,
                bool_and(e.stream_id = v_stream_id) AND max(e.stream_version - a.n) = min(e.stream_version - a.n),
                max(e.stream_version)
              INTO v_found, v_same_append, v_last_version
              FROM jsonb_array_elements(v_events) WITH ORDINALITY AS a(event, n)
              JOIN events e ON e.event_id = (a.event->>'eventId')::uuid;
              IF v_found > 0 AND (v_found < jsonb_array_length(v_events) OR NOT v_same_append) THEN
                outcome := 'ids_reused';
              ELSIF v_found > 0 THEN
                SELECT 'repeated', e.stream_version, e.transaction_id, e.global_position
                INTO outcome, next_version, last_transaction_id, last_global_position
                FROM events e WHERE e.stream_id = v_stream_id AND e.stream_version = v_last_version;
              END IF;
            END IF;

            IF outcome IS NULL THEN
` +
    version.readHead +
    `              v_satisfied := CASE v_expected
                WHEN 'any' THEN true
                WHEN 'stream_exists' THEN v_actual > 0
                ELSE v_actual = v_expected::bigint
              END;
              IF v_satisfied THEN
` +
    version.insertEvents +
    `                SELECT 'appended', v_actual + count(*)::integer, pg_current_xact_id(), max(i.global_position)
                INTO outcome, next_version, last_transaction_id, last_global_position
                FROM inserted i;
              ELSE
                outcome := 'wrong_version';
                next_version := v_actual;
              END IF;
            END IF;
            RETURN NEXT;
          END LOOP;
        END $$`
  );
}
