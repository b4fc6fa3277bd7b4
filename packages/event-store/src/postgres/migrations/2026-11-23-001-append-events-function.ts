import { type Kysely, sql } from 'kysely';
import { appendEventsFunction } from './append-events-function';

// Frozen: never edit a migration once committed; add a new, later-dated one instead. `Kysely<any>`, so it
// does not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      appendEventsFunction({
        declarations: '',
        readHead: `              SELECT coalesce(max(e.stream_version), 0) INTO v_actual FROM events e WHERE e.stream_id = v_stream_id;
`,
        insertEvents: `                WITH inserted AS (
                  INSERT INTO events (stream_id, stream_version, event_id, event_type, data, metadata)
                  SELECT v_stream_id, v_actual + a.n, (a.event->>'eventId')::uuid, a.event->>'type', a.event->'data',
                    a.event->'metadata'
                  FROM jsonb_array_elements(v_events) WITH ORDINALITY AS a(event, n)
                  ORDER BY a.n
                  RETURNING global_position
                )
`,
      }),
    )
    .execute(db);
}
