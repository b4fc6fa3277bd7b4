import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DispatchViewSchema,
  ErrorSchema,
  HaulageRecordSchema,
  LooseRecord,
  okResponses,
} from '@portal/contract';
import {
  DomainError,
  sameTruckMessages,
  type TicketCommand,
  transportCompanies,
  validateTruckDispatch,
} from '@portal/domain';
import {
  findTransportCompany,
  getSettings,
  listTransportCompanies,
  type TicketView,
} from '@portal/projections';
import { clientAddressKey } from '../auth/client-address';
import type { CommandHost } from '../plugins/infrastructure';
import { loadHistoryOf } from './printed-records';
import { LinkParams, linkedTicket } from './public-ticket';
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
 * The dispatch page's answer (the route's schema keeps only the load's fields of the ticket), with a warning
 * when its truck is also on other open tickets (issue 34, D21): how many, never which, to a driver.
 */
async function dispatchView(app: CommandHost, ticket: TicketView) {
  const [companies, others] = await Promise.all([
    listTransportCompanies(app.infra.db),
    otherOpenDispatches(app, ticket),
  ]);
  return {
    ticket,
    transportCompanies: companies.map(({ id, name }) => ({ id, name })),
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
  const tags = ['tickets', 'public link'];
  const { db, config, linkAttempts } = app.infra;

  app.get(
    '/api/ticket/:id/:hash/dispatch',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The Truck Dispatch page's load and the haulage companies to choose from",
        params: LinkParams,
        response: okResponses(DispatchViewSchema),
      },
    },
    async (request) => dispatchView(app, await linkedTicket(app, request.params.id, request.params.hash)),
  );

  app.post(
    '/api/ticket/:id/:hash/dispatch',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A driver dispatches the load: time loaded (if the ticket has none), haulage company, truck number, plate, driver name and number',
        description:
          "Rate limited: 20 attempts per 10 minutes from one address and 10 per ticket (429 past that). A SoilFLO load or a received ticket is a 409. The plate of a registered truck of the chosen company links that truck (its stored tare then weighs the load in); another company's truck is not linked. When the truck is also dispatched on other open tickets, the answer's sameTruckWarning says how many (the dispatch is still recorded).",
        params: LinkParams,
        body: LooseRecord,
        response: { ...okResponses(DispatchViewSchema), 429: ErrorSchema },
      },
    },
    async (request) => {
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
      const dispatch = validateTruckDispatch(
        request.body,
        await currentTicketForm(app, id),
        new Date().toISOString(),
      );
      if (!(await findTransportCompany(db, dispatch.transportCompanyId))) {
        const message = transportCompanies.notFoundMessage;
        throw new DomainError('validation', message, { transportCompanyId: message });
      }
      // The plate's registered truck of the chosen company carries the load: its stored tare weighs it in.
      const truck = await truckOfPlate(app, dispatch.truckLicensePlate, dispatch.transportCompanyId);
      const command: TicketCommand = {
        type: 'DispatchTruck',
        dispatch: { ...dispatch, truckId: truck?.id ?? null },
      };
      await applyTicketCommand(app, id, command, { actorId: null });
      return dispatchView(app, await linkedTicket(app, id, hash));
    },
  );

  app.get(
    '/api/ticket/:id/:hash/haulage-record',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The ticket's haulage record, as printed (what the haulage record's QR code opens)",
        params: LinkParams,
        response: okResponses(HaulageRecordSchema),
      },
    },
    async (request) => ({
      ticket: await linkedTicket(app, request.params.id, request.params.hash),
      setting: await getSettings(db),
      ...(await loadHistoryOf(app, request.params.id)),
    }),
  );
};
