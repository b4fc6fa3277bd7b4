import type pg from 'pg';
import { streamChainGenesis } from '../event-chain';
import type { ChainRow } from './events-in-stream-order';
import { breakAt, type ChainBreakReason, vouchersIn } from './verify-event-chains';

/**
 * One event's link in its stream's chain: `verified` when it and every event before it link from the stream's
 * start, `broken` when its own link fails (with why), `after-break` when its link holds but an earlier one
 * does not, so the chain from the start no longer vouches for it.
 */
export interface EventLinkStatus {
  version: number;
  link: 'verified' | 'broken' | 'after-break';
  reason: ChainBreakReason | null;
}

/**
 * Checks every link of one stream, as `verifyEventChains` checks them all, but goes on past a break so that
 * each event has its own answer (a ticket's history shows it beside each event). Seals are not looked at.
 */
export async function streamLinks(pool: pg.Pool, streamId: string): Promise<EventLinkStatus[]> {
  const { rows } = await pool.query<ChainRow>(
    `SELECT global_position, stream_id, stream_version, event_id, event_type, data, metadata, content_hash, chain_hash
     FROM events WHERE stream_id = $1 ORDER BY stream_version`,
    [streamId],
  );
  const vouchers = vouchersIn(rows);
  let previousHash = streamChainGenesis;
  let previousVersion = 0;
  let broken = false;
  return rows.map((row) => {
    const found = breakAt(row, previousHash, previousVersion, vouchers);
    // An event without a hash is chained on as a stream's start, as append_events does.
    previousHash = row.chain_hash ?? streamChainGenesis;
    previousVersion = row.stream_version;
    if (found) broken = true;
    return {
      version: row.stream_version,
      link: found ? 'broken' : broken ? 'after-break' : 'verified',
      reason: found?.reason ?? null,
    };
  });
}
