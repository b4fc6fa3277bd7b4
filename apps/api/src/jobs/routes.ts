import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import { DomainError } from '@portal/domain';
import { route } from '../route';
import { readRun } from './job-runs';
import { runDefinitions } from './run-definitions';

const runNotFoundMessage = 'Job not found.';

/** Bulk runs are started by their own routes (202 with this document) and polled here. */
export const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.getJobById, async (request) => {
    const run = await readRun(app, runDefinitions, request.params.id);
    if (!run) throw new DomainError('not_found', runNotFoundMessage);
    return run;
  });
};
