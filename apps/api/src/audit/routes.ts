import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { verifyEventChains } from '@portal/event-store';
import { contentDisposition } from '../content-disposition';
import { jobLocation, prefersRespondAsync } from '../jobs/run-answers';
import { startRun } from '../jobs/start-run';
import { route } from '../route';
import { auditExportFileName, auditExportJson, auditExportScopeOf } from './audit-export';
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

  route(app, endpoints.getAuditExport, async (request, reply) => {
    if (app.infra.config.eventStoreUrl)
      return reply.code(501).send({ message: 'Exporting from EventStoreDB is not built yet.' });
    const scope = auditExportScopeOf(request.query);
    const exportedAt = new Date();
    // Streamed: a project's thousands of events go out as they are read, never held whole.
    const body = Readable.from(await auditExportJson(app, scope, exportedAt));
    body.on('error', (error) => request.log.error({ err: error }, 'audit export failed'));
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', contentDisposition(auditExportFileName(scope, exportedAt)))
      .send(body);
  });
};
