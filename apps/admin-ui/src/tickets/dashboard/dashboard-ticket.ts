import { type DailyCounts, type Ticket, type TicketPageQuery, ticketPageSizes } from '@portal/contract';
import type { RaRecord } from 'react-admin';
import { formatDateTimeToMinute } from '../../i18n/dates';

/** A ticket as a react-admin list row. */
export type TicketRow = Ticket & RaRecord;

export type { DailyCounts };

/** A page of today's Active or Received tickets (GET /api/ticket/latest/active?page=), with the day's counts. */
export type LatestTickets = DailyCounts & { tickets: TicketRow[]; total: number };

/** The page of a list the table shows: the server pages and sorts (issue 16). */
export type TicketPaging = Required<Pick<TicketPageQuery, 'page' | 'perPage'>> &
  Pick<TicketPageQuery, 'sort' | 'order'>;

export const firstPage: TicketPaging = { page: 1, perPage: ticketPageSizes[0] };

/** The dashboard's Active and Received: two mutually exclusive lists of today's tickets. */
export type TodayFilter = 'active' | 'received';

/** An instant from the API in the en-ZA locale, or nothing when there is none. */
export const displayInstant = (instant: string | null): string =>
  instant ? formatDateTimeToMinute(new Date(instant)) : '';

/** A dashboard row also leads to the ticket's haulage record. */
export const haulageRecordPath = (id: number) => `/haulage-record/${id}`;

const sameCalendarDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * The dispatch lock (docs/rules.md, "Tickets and their states") is for tickets loaded today, not received and
 * not from the external system (the server refuses the rest with 409). "Today" is the browser's day, which is
 * the site's.
 */
export const mayToggleDispatch = (ticket: Ticket, now: Date): boolean =>
  !ticket.isReceived &&
  !ticket.isSoilFLOLoad &&
  ticket.timeLoaded !== null &&
  sameCalendarDay(new Date(ticket.timeLoaded), now);
