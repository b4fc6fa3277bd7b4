import type { TicketCounts } from '@portal/contract';
import { sql } from 'kysely';

/** A ticket (alias `t`) received and not rejected: what counts as a delivered load. */
export const deliveredLoad = sql<boolean>`t.is_received AND NOT t.is_rejected`;

/**
 * The tickets (alias `t`) of a query counted as TicketCounts: delivered loads, rejected, loaded (a time
 * loaded or a dispatch) but not received, and unused (never loaded). Each ticket counts in one of the four.
 */
export const ticketCountColumns = sql<TicketCounts>`count(*)::int AS tickets,
  count(*) FILTER (WHERE ${deliveredLoad})::int AS "receivedLoads",
  count(*) FILTER (WHERE t.is_rejected)::int AS rejected,
  count(*) FILTER (WHERE NOT t.is_received AND NOT t.is_rejected
    AND (t.time_loaded IS NOT NULL OR t.is_dispatched))::int AS "notReceived",
  count(*) FILTER (WHERE NOT t.is_received AND NOT t.is_rejected
    AND t.time_loaded IS NULL AND NOT t.is_dispatched)::int AS unused`;
