/** An event as the hash chain sees it: what its hashes cover, and the hashes stored with it. */
export interface ChainRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
  content_hash: Buffer | null;
  chain_hash: Buffer | null;
}

/** Runs one statement with positional parameters: a pool's, a client's or a migration's transaction. */
type RowQuery = (text: string, values: unknown[]) => Promise<ChainRow[]>;

// Keyset pages along the (stream_id, stream_version) unique index: no cursor, so no transaction held open.
const pageStatement = `SELECT global_position, stream_id, stream_version, event_id, event_type, data, metadata,
    recorded_at, content_hash, chain_hash
  FROM events WHERE (stream_id, stream_version) > ($1, $2)
  ORDER BY stream_id, stream_version LIMIT $3`;

/** Every event, stream by stream (streams in id order), each stream's in version order, a page at a time. */
export async function* eventsInStreamOrder(query: RowQuery, pageSize: number): AsyncGenerator<ChainRow[]> {
  let after: [string, number] = ['', 0];
  for (;;) {
    const page = await query(pageStatement, [...after, pageSize]);
    const last = page.at(-1);
    if (!last) return;
    yield page;
    after = [last.stream_id, last.stream_version];
  }
}
