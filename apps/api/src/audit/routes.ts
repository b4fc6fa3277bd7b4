import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChainVerificationSchema, ErrorSchema, okResponses, SealSchema } from '@portal/contract';
import { verifyEventChains } from '@portal/event-store';
import { Type } from '@sinclair/typebox';
import { jobLocation, PreferHeaders, prefersRespondAsync, runResponses } from '../jobs/run-answers';
import { startRun } from '../jobs/start-run';
import { adminOnly } from '../plugins/authentication';
import { listSeals, sealOnDemand } from './seals';
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
    },
  );

  app.post(
    '/api/audit/seal',
    {
      ...adminOnly,
      schema: {
        tags: ['audit'],
        summary:
          'Seals every stream\'s head now: the signed Merkle root, appended to the audit-seals stream (docs/event-store.md, "Seals")',
        response: { ...okResponses(SealSchema), 409: ErrorSchema, 501: ErrorSchema },
      },
    },
    async (_request, reply) => {
      if (app.infra.config.eventStoreUrl)
        return reply.code(501).send({ message: 'Sealing EventStoreDB is not built yet.' });
      const seal = await sealOnDemand(app);
      if (!seal) return reply.code(409).send({ message: 'A seal is being taken; try again in a moment.' });
      return seal;
    },
  );

  app.get(
    '/api/audit/seals',
    {
      ...adminOnly,
      schema: {
        tags: ['audit'],
        summary: 'Every seal, newest first: when, why, the streams and events it covers, its digest and key',
        response: okResponses(Type.Array(SealSchema)),
      },
    },
    async () => listSeals(app),
  );
};
