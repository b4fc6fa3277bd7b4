import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type BulkReceiveCheck, endpoints } from '@portal/contract';
import { ticketNumbersOf } from '@portal/domain';
import { ticketsNumbered } from '@portal/projections';
import { readModelsCurrent } from '../plugins/infrastructure';
import { route } from '../route';
import { bulkReceiveOf } from './bulk-receive-tickets';

/**
 * POST /api/ticket/bulk/receive/check (issue 34, D23): what a bulk receive of the entry would take, without
 * taking it, so its confirmation names the tickets never loaded before they are received as if they were.
 */
export const bulkReceiveCheckRoute: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.postTicketBulkReceiveCheck, async (request): Promise<BulkReceiveCheck> => {
    const { ranges, prefix } = await bulkReceiveOf(app, request.body);
    await readModelsCurrent(app, { required: false });
    const check: BulkReceiveCheck = { loaded: [], neverLoaded: [], alreadyReceived: [], missing: [] };
    for (const range of ranges) {
      const numbers = ticketNumbersOf(range);
      const tickets = new Map(
        (await ticketsNumbered(app.infra.db, prefix, numbers)).map((ticket) => [ticket.ticketNumber, ticket]),
      );
      for (const number of numbers) {
        const ticket = tickets.get(number);
        const list = !ticket
          ? check.missing
          : ticket.isReceived
            ? check.alreadyReceived
            : ticket.timeLoaded === null
              ? check.neverLoaded
              : check.loaded;
        list.push(number);
      }
    }
    return check;
  });
};
