import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChainVerificationSchema, ErrorSchema, errorResponses } from '@portal/contract';
import { verifyEventChains } from '@portal/event-store';
import { adminOnly } from '../plugins/authentication';

/** Issue 31: what an auditor checks without trusting the portal's word. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/audit/verify',
    {
      ...adminOnly,
      schema: {
        tags: ['audit'],
        summary: "Walks every stream's hash chain and answers the first break, if any",
        response: { 200: ChainVerificationSchema, ...errorResponses, 501: ErrorSchema },
      },
    },
    async (_request, reply) => {
      if (app.infra.config.eventStoreUrl) {
        return reply
          .code(501)
          .send({ message: 'Verifying the hash chains in EventStoreDB is not built yet.' });
      }
      return verifyEventChains(app.infra.pool);
    },
  );
};
