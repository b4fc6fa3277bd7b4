import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  DomainError,
  matchedDispatch,
  sameTruckMessages,
  type TicketCommand,
  ticketMessages,
  validateTruckDispatch,
} from '@portal/domain';
import { findCompanyIdByName, findTicket, getSettings, type TicketView } from '@portal/projections';
import { clientAddressKey } from '../auth/client-address';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { loadHistoryOf } from './printed-records';
import { linkedTicket, linkedTicketFrom } from './public-ticket';
import { otherOpenDispatches } from './same-truck';
import { applyTicketCommand, currentTicketForm } from './ticket-command';
import { truckOfPlate } from './ticket-references';

/** Dispatches a ticket may take from its link: per client address, and per ticket from all addresses. */
const dispatchLimits = {
  perAddress: { limit: 20, periodMs: 10 * 60_000 },
  perTicket: { limit: 10, periodMs: 10 * 60_000 },
};
const throttledMessage = (ms: number) =>
  `Too many dispatch attempts. Try again in ${Math.ceil(ms / 60_000)} minute${ms > 60_000 ? 's' : ''}.`;

/**
 * The dispatch page's answer (the route's schema keeps only the page's fields of the ticket: its allow-list),
 * with a warning when its truck is also on other open tickets (issue 34, D21): how many, never which, to a driver.
 */
async function dispatchView(app: CommandHost, ticket: TicketView) {
  const others = await otherOpenDispatches(app, ticket);
  return {
    ticket,
    sameTruckWarning:
      others.length === 0
        ? null
        : sameTruckMessages.onOtherTickets(ticket.truckLicensePlate ?? '', others.length),
  };
}

/**
 * The driver's Truck Dispatch page and the haulage record, through the ticket's link hash, without signing in
 * (docs/rules.md, "Dispatch link"). The dispatch is a command recorded with the driver as its source.
 */
export const linkRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, linkAttempts } = app.infra;

  route(app, endpoints.getTicketByIdByHashDispatch, async (request) =>
    dispatchView(app, await linkedTicketFrom(app, request)),
  );

  route(app, endpoints.postTicketByIdByHashDispatch, async (request) => {
    const { id, hash } = request.params;
    const perAddress = {
      key: `${config.queuePrefix}:dispatch:address:${clientAddressKey(request.ip)}`,
      ...dispatchLimits.perAddress,
    };
    const perTicket = { key: `${config.queuePrefix}:dispatch:ticket:${id}`, ...dispatchLimits.perTicket };
    const attempt = async (limits: (typeof perAddress)[]) => {
      const lockedForMs = await linkAttempts.take(limits, Date.now());
      if (lockedForMs > 0) throw new DomainError('throttled', throttledMessage(lockedForMs));
    };
    // The link first (issue 32, M3): a wrong hash counts against its address only, never against the
    // ticket, so nobody without the link can lock its driver out.
    try {
      await linkedTicket(app, id, hash);
    } catch (error) {
      await attempt([perAddress]);
      throw error;
    }
    await attempt([perAddress, perTicket]);
    const driverDispatch = validateTruckDispatch(
      request.body,
      await currentTicketForm(app, id),
      new Date().toISOString(),
    );
    // The typed company is matched, never created: a stranger with a link cannot add to the directory.
    const companyId = await findCompanyIdByName(
      db,
      'transportCompanies',
      driverDispatch.transportCompanyName,
    );
    // The plate's registered truck of the matched company carries the load: its stored tare weighs it in.
    const truck =
      companyId === null ? undefined : await truckOfPlate(app, driverDispatch.truckLicensePlate, companyId);
    const command: TicketCommand = {
      type: 'DispatchTruck',
      dispatch: matchedDispatch(driverDispatch, companyId, truck?.id ?? null),
    };
    await applyTicketCommand(app, id, command, { actorId: null });
    return dispatchView(app, await linkedTicket(app, id, hash));
  });

  // The route's schema is the public record's allow-list: what the full record has beyond it is not sent.
  const haulageRecordOf = async (ticket: TicketView) => ({
    ticket,
    setting: await getSettings(db),
    ...(await loadHistoryOf(app, ticket.id)),
  });

  route(app, endpoints.getTicketByIdByHashHaulageRecord, async (request) =>
    haulageRecordOf(await linkedTicketFrom(app, request)),
  );

  route(app, endpoints.getTicketByIdHaulageRecord, async (request) => {
    const ticket = await findTicket(db, request.params.id);
    if (!ticket) throw new DomainError('not_found', ticketMessages.notFound);
    return haulageRecordOf(ticket);
  });
};
