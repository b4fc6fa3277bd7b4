import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { DomainError, ticketMessages, ticketStreamId } from '@portal/domain';
import { streamLinks } from '@portal/event-store';
import { contentDisposition } from '../content-disposition';
import { readRun } from '../jobs/read-run';
import { prefersRespondAsync } from '../jobs/run-answers';
import { startRun } from '../jobs/start-run';
import { route } from '../route';
import { auditExportFileName, auditExportJson, auditExportScopeOf } from './audit-export';
import { lastVerification, verifyAndRecord } from './chain-verifications';
import { listSeals, sealOnDemand } from './seals';
import { verifyChainsRun } from './verify-chains-run';

const verifyRunLocation = (runId: string) => `/api/audit/verify/${runId}`;

/** Issue 31: what an auditor checks without trusting the portal's word. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Chains are verified and sealed in PostgreSQL only so far (docs/event-store.md).
  const notBuiltForEventStoreDb = (message: string) => (app.infra.config.eventStoreUrl ? { message } : null);

  route(app, endpoints.getAuditVerify, async (request, reply) => {
    const notBuilt = notBuiltForEventStoreDb('Verifying the hash chains in EventStoreDB is not built yet.');
    if (notBuilt) return reply.code(501).send(notBuilt);
    const readModels = request.query.readModels === true;
    if (!prefersRespondAsync(request.headers.prefer))
      return verifyAndRecord(app, request.currentUser.id, { readModels });
    const { rows } = await app.infra.pool.query<{ events: number }>(
      'SELECT count(*)::int AS events FROM events',
    );
    const run = await startRun(
      app,
      verifyChainsRun,
      { events: rows[0]?.events ?? 0, readModels },
      request.currentUser.id,
    );
    // Polled here rather than at GET /api/job/{id}, which auditors may not read (it shows every kind of run).
    return reply
      .code(202)
      .header('location', verifyRunLocation(run.id))
      .header('preference-applied', 'respond-async')
      .send(run);
  });

  route(app, endpoints.getAuditVerifyById, async (request) => {
    const run = await readRun(app, [verifyChainsRun], request.params.id);
    if (run?.kind !== verifyChainsRun.kind) throw new DomainError('not_found', 'Verify run not found.');
    return run;
  });

  route(app, endpoints.getAuditStatus, async () => ({
    lastVerification: await lastVerification(app),
    lastSeal: (await listSeals(app))[0] ?? null,
  }));

  route(app, endpoints.postAuditSeal, async (_request, reply) => {
    const notBuilt = notBuiltForEventStoreDb('Sealing EventStoreDB is not built yet.');
    if (notBuilt) return reply.code(501).send(notBuilt);
    const seal = await sealOnDemand(app);
    if (!seal) return reply.code(409).send({ message: 'A seal is being taken; try again in a moment.' });
    return seal;
  });

  route(app, endpoints.getAuditSeals, async () => listSeals(app));

  route(app, endpoints.getAuditExport, async (request, reply) => {
    const notBuilt = notBuiltForEventStoreDb('Exporting from EventStoreDB is not built yet.');
    if (notBuilt) return reply.code(501).send(notBuilt);
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

  route(app, endpoints.getTicketByIdHistoryLinks, async (request, reply) => {
    const notBuilt = notBuiltForEventStoreDb("Checking a stream's links in EventStoreDB is not built yet.");
    if (notBuilt) return reply.code(501).send(notBuilt);
    const links = await streamLinks(app.infra.pool, ticketStreamId(request.params.id));
    if (links.length === 0) throw new DomainError('not_found', ticketMessages.notFound);
    return links;
  });
};
