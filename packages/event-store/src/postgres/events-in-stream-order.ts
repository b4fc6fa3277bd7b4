/** An event as the hash chain sees it: what its hashes cover, and the hashes stored with it. */
export interface ChainRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  content_hash: Buffer | null;
  chain_hash: Buffer | null;
}

/** Runs one statement with positional parameters: a pool's, a client's or a migration's transaction. */
type RowQuery = (text: string, values: unknown[]) => Promise<ChainRow[]>;

// Keyset pages along the (stream_id, stream_version) unique index: no cursor, so no transaction held open.
// No recorded_at: parsing a Date for every row cost the walk more than the one lookup a break needs.
const pageStatement = `SELECT global_position, stream_id, stream_version, event_id, event_type, data, metadata,
    content_hash, chain_hash
  FROM events WHERE (stream_id, stream_version) > ($1, $2)
  ORDER BY stream_id, stream_version LIMIT $3`;

/**
 * Every event, stream by stream (streams in id order), each stream's in version order, a page at a time.
 * The next page is asked for before this one is handed over, so PostgreSQL reads it while the caller hashes.
 */
export async function* eventsInStreamOrder(query: RowQuery, pageSize: number): AsyncGenerator<ChainRow[]> {
  let next = query(pageStatement, ['', 0, pageSize]);
  for (;;) {
    const page = await next;
    const last = page.at(-1);
    if (!last) return;
    next = query(pageStatement, [last.stream_id, last.stream_version, pageSize]);
    // A caller that stops early leaves the prefetched page unread: its failure is no one's to report.
    next.catch(() => {});
    yield page;
  }
}
