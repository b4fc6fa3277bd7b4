import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type PublicTicket } from '@portal/contract';
import { DomainError, ticketMessages } from '@portal/domain';
import { findTicket, findTicketHashNonce, type TicketView } from '@portal/projections';
import { clientAddressKey } from '../auth/client-address';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { isTicketHash, ticketHash } from './ticket-hash';

const iso = (instant: Date | null): string | null => instant?.toISOString() ?? null;

/**
 * The public link's answer, copied field by field: a field added to tickets stays private until it is
 * added here (and to PublicTicketSchema, which the response is also serialized by).
 */
const publicTicketOf = (ticket: TicketView): PublicTicket => ({
  id: ticket.id,
  prefix: ticket.prefix,
  ticketNumber: ticket.ticketNumber,
  date: iso(ticket.date),
  timeLoaded: iso(ticket.timeLoaded),
  timeReceived: iso(ticket.timeReceived),
  jobSite: ticket.jobSite,
  contractorCompanyName: ticket.contractorCompanyName,
  siteContactName: ticket.siteContactName,
  siteContactNumber: ticket.siteContactNumber,
  transportCompanyName: ticket.transportCompanyName,
  truckNumber: ticket.truckNumber,
  truckLicensePlate: ticket.truckLicensePlate,
  truckDriverName: ticket.truckDriverName,
  materialTypeName: ticket.materialTypeName,
  materialName: ticket.materialName,
  weight: ticket.weight,
  isReceived: ticket.isReceived,
});

/**
 * The ticket a public link names, or 'Ticket not found.': a wrong, revoked or foreign hash and a
 * missing ticket answer alike.
 */
export async function linkedTicket(app: CommandHost, id: number, hash: string): Promise<TicketView> {
  const { db, config } = app.infra;
  const nonce = await findTicketHashNonce(db, id);
  const ticket =
    nonce !== null && isTicketHash(config.linkSecret, id, nonce, hash) ? await findTicket(db, id) : undefined;
  if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
  return ticket;
}

/** Wrong links one address may try on the link's pages before it waits: a guesser's, never a holder's. */
const wrongLinkLimit = { limit: 20, periodMs: 10 * 60_000 };
const wrongLinksMessage = (ms: number) =>
  `Too many wrong links from this address. Try again in ${Math.ceil(ms / 60_000)} minute${ms > 60_000 ? 's' : ''}.`;

/**
 * `linkedTicket` for the link's pages (GET), limited per client address: the attempt is taken first and
 * given back when the link holds, so only wrong links count, and a locked address learns nothing of any
 * link it tries (right ones included) until its window ends. Nothing is counted against the ticket.
 */
export async function linkedTicketFrom(
  app: CommandHost,
  request: { params: { id: number; hash: string }; ip: string },
): Promise<TicketView> {
  const { linkAttempts, config } = app.infra;
  const counter = `${config.queuePrefix}:link:address:${clientAddressKey(request.ip)}`;
  const lockedForMs = await linkAttempts.take([{ key: counter, ...wrongLinkLimit }], Date.now());
  if (lockedForMs > 0) throw new DomainError('throttled', wrongLinksMessage(lockedForMs));
  const ticket = await linkedTicket(app, request.params.id, request.params.hash);
  await linkAttempts.giveBack([counter], Date.now());
  return ticket;
}

/** The printed ticket's public link: its hash (signed-in users) and what it shows without login. */
export const publicTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;

  route(app, endpoints.getTicketByIdHash, async (request) => {
    const nonce = await findTicketHashNonce(db, request.params.id);
    if (nonce === null) throw new DomainError('not_found', ticketMessages.notFound);
    return { hash: ticketHash(config.linkSecret, request.params.id, nonce) };
  });

  route(app, endpoints.getTicketByIdByHash, async (request) => {
    return publicTicketOf(await linkedTicketFrom(app, request));
  });
};
