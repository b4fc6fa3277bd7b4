import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { reportLoads, reportTotals } from '@portal/projections';
import { route } from '../route';
import { filterOf } from '../tickets/ticket-filter';

/**
 * The project's Haulage Record Report (/report/haulage-record/{projectId}): its delivered loads only, and
 * the range's tickets counted apart from them, so an unused or rejected ticket never counts as a load.
 */
export const haulageReportRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.infra;

  route(app, endpoints.postProjectByIdHaulageReport, async (request) => {
    const filter = { ...filterOf(request.body, config.siteTimezone), projectId: request.params.id };
    const [loads, totals] = await Promise.all([reportLoads(db, filter), reportTotals(db, filter)]);
    return { loads, totals };
  });
};
