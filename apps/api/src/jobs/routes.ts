import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chunkPageSizes, endpoints } from '@portal/contract';
import { DomainError } from '@portal/domain';
import { pageOf } from '../list-pages';
import { route } from '../route';
import { cancelRun, runMessages } from './cancel-run';
import type { RunDefinition } from './job-runs';
import { chunkCountOf, chunksOf, readRun } from './read-run';

/** Bulk runs are started by their own routes (202 with this document) and polled, paged and cancelled here. */
export const jobRoutes: FastifyPluginAsyncTypebox<{ runDefinitions: readonly RunDefinition[] }> = async (
  app,
  { runDefinitions },
) => {
  const statusOf = async (runId: string) => {
    const run = await readRun(app, runDefinitions, runId);
    if (!run) throw new DomainError('not_found', runMessages.notFound);
    return run;
  };

  route(app, endpoints.getJobById, async (request) => statusOf(request.params.id));

  route(app, endpoints.getJobChunksById, async (request) => {
    const total = await chunkCountOf(app.infra.pool, request.params.id);
    if (total === null) throw new DomainError('not_found', runMessages.notFound);
    const { page, perPage } = pageOf(request.query, chunkPageSizes);
    const chunks = await chunksOf(app.infra.pool, request.params.id, {
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return { chunks, total };
  });

  route(app, endpoints.postJobCancelById, async (request) => {
    const outcome = await cancelRun(app.infra, runDefinitions, request.params.id);
    if (outcome === 'not-found') throw new DomainError('not_found', runMessages.notFound);
    if (outcome === 'finished') throw new DomainError('conflict', runMessages.alreadyFinished);
    return statusOf(request.params.id);
  });
};
