import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { verifyEventChains } from '@portal/event-store';
import { jobLocation, prefersRespondAsync } from '../jobs/run-answers';
import { startRun } from '../jobs/start-run';
import { route } from '../route';
import { listSeals, sealOnDemand } from './seals';
import { verifyChainsRun } from './verify-chains-run';

/** Issue 31: what an auditor checks without trusting the portal's word. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getAuditVerify, async (request, reply) => {
    if (app.infra.config.eventStoreUrl) {
      return reply.code(501).send({ message: 'Verifying the hash chains in EventStoreDB is not built yet.' });
    }
    if (!prefersRespondAsync(request.headers.prefer))
      return verifyEventChains(app.infra.pool, { sealKeys: app.infra.config.sealPublicKeys });
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
  });

  route(app, endpoints.postAuditSeal, async (_request, reply) => {
    if (app.infra.config.eventStoreUrl)
      return reply.code(501).send({ message: 'Sealing EventStoreDB is not built yet.' });
    const seal = await sealOnDemand(app);
    if (!seal) return reply.code(409).send({ message: 'A seal is being taken; try again in a moment.' });
    return seal;
  });

  route(app, endpoints.getAuditSeals, async () => listSeals(app));
};
