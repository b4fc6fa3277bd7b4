import type { CommandHost } from '../plugins/infrastructure';

/**
 * Which ticket each number is. Numbers are claimed in `ticket_number_claim` (primary key prefix +
 * number) on the write side, so these answers never lag behind like a read model's.
 */
export async function claimedTickets(
  app: CommandHost,
  prefix: number,
  range: { from: number; to: number },
): Promise<{ ticketNumber: number; ticketId: number }[]> {
  const { rows } = await app.infra.pool.query<{ ticketNumber: number; ticketId: number }>(
    `SELECT ticket_number AS "ticketNumber", ticket_id AS "ticketId" FROM ticket_number_claim
     WHERE prefix = $1 AND ticket_number BETWEEN $2 AND $3 ORDER BY ticket_number`,
    [prefix, range.from, range.to],
  );
  return rows;
}
