import type { Identifier } from 'react-admin';
import { haulageRecordPath } from '../dashboard/dashboard-ticket';
import { publicTicketUrl, ticketPath } from '../tickets/ticket';

// Spec section 2: the printable screens of a ticket.
export const digitalTicketPath = (id: Identifier) => `/digital-ticket/${id}`;
export const printRecordPath = (id: Identifier) => `/print-record/${id}`;

/** Spec section 9, Digital ticket hash QR: only tickets with an id above this one carry the hash. */
export const LAST_TICKET_ID_WITHOUT_HASH_QR = 10015;

export const ticketQrCarriesHash = (id: number): boolean => id > LAST_TICKET_ID_WITHOUT_HASH_QR;

/** The digital ticket's QR to the ticket page: the public hash link for newer tickets, the plain page before. */
export const ticketQrUrl = (origin: string, id: number, hash: string): string =>
  ticketQrCarriesHash(id) ? publicTicketUrl(origin, id, hash) : `${origin}${ticketPath(id)}`;

/** The digital ticket's QR to the haulage record, always through the hash so it opens without login. */
export const haulageRecordQrUrl = (origin: string, id: number, hash: string): string =>
  `${origin}${haulageRecordPath(id)}?hash=${encodeURIComponent(hash)}`;
