import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DomainError, Nullable } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../http-schemas';
import { readRun } from './job-runs';
import { runDefinitions } from './run-definitions';

const ChunkViewSchema = Type.Object({
  index: Type.Integer(),
  spec: Type.Unknown({ description: 'What the chunk covers, e.g. {from, to}' }),
  state: Type.Union(['pending', 'running', 'completed', 'failed'].map((state) => Type.Literal(state))),
  total: Type.Integer(),
  done: Type.Integer(),
  result: Type.Unknown(),
  error: Nullable(Type.String()),
});

export const RunViewSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String(),
    state: Type.Union(
      ['queued', 'running', 'completed', 'failed'].map((state) => Type.Literal(state)),
      {
        description: 'failed: finished with at least one failed chunk',
      },
    ),
    total: Type.Integer({ description: 'Items in the whole run' }),
    done: Type.Integer({ description: 'Items done so far (the progress bar)' }),
    createdAt: Type.String({ format: 'date-time' }),
    finishedAt: Nullable(Type.String({ format: 'date-time' })),
    chunks: Type.Array(ChunkViewSchema),
    result: Type.Unknown({ description: "The run's answer so far; its shape depends on the kind" }),
  },
  { $id: 'JobRun' },
);

const runNotFoundMessage = 'Job not found.';

/** Bulk runs are started by their own routes (202 with this document) and polled here. */
export const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
