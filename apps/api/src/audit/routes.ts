import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChainVerificationSchema, ErrorSchema } from '@portal/contract';
import { verifyEventChains } from '@portal/event-store';
import { jobLocation, PreferHeaders, prefersRespondAsync, runResponses } from '../jobs/run-answers';
import { startRun } from '../jobs/start-run';
import { adminOnly } from '../plugins/authentication';
import { verifyChainsRun } from './verify-chains-run';

/** Issue 31: what an auditor checks without trusting the portal's word. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/audit/verify',
    {
      ...adminOnly,
      schema: {
        tags: ['audit'],
        summary:
          "Walks every stream's hash chain and answers the first break, if any; with `Prefer: respond-async`, " +
          'a 202 with a run to poll at GET /api/job/{id} (progress: events checked; result: the same answer)',
        headers: PreferHeaders,
        response: { ...runResponses(ChainVerificationSchema), 501: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (app.infra.config.eventStoreUrl) {
        return reply
          .code(501)
          .send({ message: 'Verifying the hash chains in EventStoreDB is not built yet.' });
      }
      if (!prefersRespondAsync(request.headers.prefer)) return verifyEventChains(app.infra.pool);
      const { rows } = await app.infra.pool.query<{ events: number }>(
        'SELECT count(*)::int AS events FROM events',
      );
      const run = await startRun(
        app,
        verifyChainsRun,
        { events: rows[0]?.events ?? 0 },
        request.currentUser.id,
      );
      return reply
        .code(202)
        .header('location', jobLocation(run.id))
        .header('preference-applied', 'respond-async')
        .send(run);
    },
  );
};
