import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HaulageReportSchema, IdParams, okResponses, TicketFilterBody } from '@portal/contract';
import { reportLoads, reportTotals } from '@portal/projections';
import { filterOf } from '../tickets/ticket-filter';

/**
 * The project's Haulage Record Report (/report/haulage-record/{projectId}): its delivered loads only, and
 * the range's tickets counted apart from them, so an unused or rejected ticket never counts as a load.
 */
export const haulageReportRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;

  app.post(
    '/api/project/:id/haulage-report',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports', 'projects'],
        summary:
          "Beside the spec's POST /api/project/{id}/tickets (same body, whose answer stays every ticket of the range): the Haulage Record Report's rows, the project's received loads (received, not rejected) in the range, and the range's totals: its tickets, received loads, rejected, loaded and not received, unused (never loaded), and the received loads' net",
        params: IdParams,
        body: TicketFilterBody,
        response: okResponses(HaulageReportSchema),
      },
    },
    async (request) => {
      const filter = { ...filterOf(request.body, config.siteTimezone), projectId: request.params.id };
      const [loads, totals] = await Promise.all([reportLoads(db, filter), reportTotals(db, filter)]);
      return { loads, totals };
    },
  );
};
