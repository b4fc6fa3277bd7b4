import { truckDispatchPath } from '@portal/domain';
import type { Identifier } from 'react-admin';
import { haulageRecordPath } from '../dashboard/dashboard-ticket';
import { publicTicketUrl, ticketPath } from '../ticket';

// The printable screens of a ticket.
export const digitalTicketPath = (id: Identifier) => `/digital-ticket/${id}`;
export const printRecordPath = (id: Identifier) => `/print-record/${id}`;

/**
 * The digital ticket's QR codes (docs/rules.md, "Dispatch link"): only tickets with an id above the site's
 * cut-off carry the hash (settings' hashQrAboveTicketId: the spec's 10015 by default, 0 on a new site).
 */
export const ticketQrCarriesHash = (id: number, hashQrAboveTicketId: number): boolean =>
  id > hashQrAboveTicketId;

/** The digital ticket's QR to the ticket page: the public hash link above the cut-off, the plain page up to it. */
export const ticketQrUrl = (origin: string, id: number, hash: string, hashQrAboveTicketId: number): string =>
  ticketQrCarriesHash(id, hashQrAboveTicketId)
    ? publicTicketUrl(origin, id, hash)
    : `${origin}${ticketPath(id)}`;

/** The digital ticket's QR to the driver's Truck Dispatch page, through the hash like the Send to driver link. */
export const dispatchQrUrl = (origin: string, id: number, hash: string): string =>
  `${origin}${truckDispatchPath(id, hash)}`;

/** The digital ticket's QR to the haulage record, always through the hash so it opens without login. */
export const haulageRecordQrUrl = (origin: string, id: number, hash: string): string =>
  `${origin}${haulageRecordPath(id)}?hash=${encodeURIComponent(hash)}`;
