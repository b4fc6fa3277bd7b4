import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { DomainError } from '@portal/domain';
import { route } from '../route';
import type { RunDefinition } from './job-runs';
import { readRun } from './read-run';

const runNotFoundMessage = 'Job not found.';

/** Bulk runs are started by their own routes (202 with this document) and polled here. */
export const jobRoutes: FastifyPluginAsyncTypebox<{ runDefinitions: readonly RunDefinition[] }> = async (
  app,
  { runDefinitions },
) => {
  route(app, endpoints.getJobById, async (request) => {
    const run = await readRun(app, runDefinitions, request.params.id);
    if (!run) throw new DomainError('not_found', runNotFoundMessage);
    return run;
  });
};
