import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, RunViewSchema } from '@portal/contract';
import { DomainError } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { type RunDefinition, readRun } from './job-runs';

const runNotFoundMessage = 'Job not found.';

/** Bulk runs are started by their own routes (202 with this document) and polled here. */
export const jobRoutes: FastifyPluginAsyncTypebox<{ runDefinitions: readonly RunDefinition[] }> = async (
  app,
  { runDefinitions },
) => {
  app.get(
    '/api/job/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['jobs'],
        summary: 'A bulk run (generate, bulk update/clear/receive, export, report) with its progress',
        params: Type.Object({ id: Type.String() }),
        response: { 200: RunViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const run = await readRun(app, runDefinitions, request.params.id);
      if (!run) throw new DomainError('not_found', runNotFoundMessage);
      return run;
    },
  );
};
