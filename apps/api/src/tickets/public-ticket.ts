import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type PublicTicket } from '@portal/contract';
import { DomainError, ticketMessages } from '@portal/domain';
import { findTicket, findTicketHashNonce, type TicketView } from '@portal/projections';
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

/** The `{id}/{hash}` of a public link's routes. */

/** The printed ticket's public link: its hash (signed-in users) and what it shows without login. */
export const publicTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;

  route(app, endpoints.getTicketByIdHash, async (request) => {
    const nonce = await findTicketHashNonce(db, request.params.id);
    if (nonce === null) throw new DomainError('not_found', ticketMessages.notFound);
    return { hash: ticketHash(config.linkSecret, request.params.id, nonce) };
  });

  route(app, endpoints.getTicketByIdByHash, async (request) => {
    const ticket = await linkedTicket(app, request.params.id, request.params.hash);
    return publicTicketOf(ticket);
  });
};
