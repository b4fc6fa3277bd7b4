import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration once committed; add a new, later-dated one instead. `Kysely<any>`, so it
// does not depend on today's table types.
export async function up(db: Kysely<any>): Promise<void> {
  // The heads (the Merkle tree's leaves) of the latest seal, so verify can name the stream a seal no
  // longer matches; the signed root vouches for them, so an edit here is found too.
  await sql`
        CREATE TABLE event_seal_heads (
          seal_version integer NOT NULL,
          stream_id text NOT NULL,
          stream_version integer NOT NULL,
          chain_hash bytea NOT NULL,
          PRIMARY KEY (seal_version, stream_id)
        )`.execute(db);
}
