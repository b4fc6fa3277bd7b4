import type { TicketSortField } from '@portal/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../database';
import { asJson, type OnePlan, ticketRows } from './ticket-rows';

/** One page of a list, in a chosen order (the list's own order when none is chosen). */
export interface TicketListPage {
  page: number;
  perPage: number;
  sort?: TicketSortField;
  order?: 'ASC' | 'DESC';
}

const sortColumns: Record<TicketSortField, string[]> = {
  ticketNumber: ['t.prefix', 't.ticket_number'],
  timeLoaded: ['t.time_loaded'],
  timeReceived: ['t.time_received'],
  isComplete: ['t.is_complete'],
};

/** ORDER BY and LIMIT of a page; the id last, so rows that tie keep one order from page to page. */
function pageOf(page: TicketListPage, listOrder: RawBuilder<unknown>) {
  const direction = page.order === 'ASC' ? 'ASC' : 'DESC';
  const order = page.sort
    ? sql.raw(
        [
          ...sortColumns[page.sort].map((column) => `${column} ${direction} NULLS LAST`),
          `t.id ${direction}`,
        ].join(', '),
      )
    : listOrder;
  return { order, tail: pageLimit(page) };
}

export const pageLimit = (page: TicketListPage) =>
  sql`LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}`;

/**
 * The JSON of every matching ticket, or of one page of them. `onePlan` is the list's in its own order:
 * another order is planned for its values.
 */
export const listed = (
  db: Kysely<Database>,
  conditions: RawBuilder<unknown>[],
  listOrder: RawBuilder<unknown>,
  page: TicketListPage | undefined,
  onePlan: OnePlan,
) => {
  if (!page) return ticketRows(db, asJson, conditions, listOrder, { onePlan });
  const { order, tail } = pageOf(page, listOrder);
  return ticketRows(db, asJson, conditions, order, { tail, onePlan: onePlan && !page.sort });
};
