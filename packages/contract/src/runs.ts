import { Nullable, OneOf } from '@portal/domain';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ErrorSchema, errorResponses } from './http';

/** A chunk's states: 'cancelled' is a chunk not started when an administrator cancelled its run; it never runs. */
export const chunkStates = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;

/** A bulk run (generate, bulk update/clear/receive, export, report) as GET /api/job/{id} answers it. */
export const ChunkViewSchema = Type.Object({
  index: Type.Integer(),
  spec: Type.Unknown({ description: 'What the chunk covers, e.g. {from, to}' }),
  state: OneOf(chunkStates),
  total: Type.Integer(),
  done: Type.Integer(),
  result: Type.Unknown(),
  error: Nullable(Type.String()),
});

/**
 * How many chunks the status document lists, and the most chunks a run may have for the status document to
 * carry its `result`: the document is polled about twice a second, so it stays small however big the run.
 */
export const statusChunkLimits = { listed: 20, withResult: 100 } as const;

export const RunViewSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String(),
    state: OneOf(['queued', 'running', 'completed', 'failed', 'cancelled'], {
      description:
        'failed: finished with at least one failed chunk; cancelled: cancelled by an administrator, and nothing of it runs any more',
    }),
    total: Type.Integer({ description: 'Items in the whole run' }),
    done: Type.Integer({ description: 'Items done so far (the progress bar)' }),
    createdAt: Type.String({ format: 'date-time' }),
    finishedAt: Nullable(Type.String({ format: 'date-time' })),
    cancelledAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When an administrator cancelled the run (its running chunks may still be finishing)',
      }),
    ),
    chunkCounts: Type.Object(
      {
        pending: Type.Integer(),
        running: Type.Integer(),
        completed: Type.Integer(),
        failed: Type.Integer(),
        cancelled: Type.Integer(),
      },
      { description: 'How many chunks are in each state, over the whole run' },
    ),
    chunks: Type.Array(ChunkViewSchema, {
      description:
        `At most ${statusChunkLimits.listed} chunks, in index order: every chunk of a run that has no more, else ` +
        'its running and failed chunks first, then the others from the first. Every chunk is on GET /api/job/{id}/chunks, a page at a time.',
    }),
    result: Type.Unknown({
      description:
        "The run's answer so far; its shape depends on the kind. Null when the run has more than " +
        `${statusChunkLimits.withResult} chunks: the starting call's 200 then carries the answer, and each chunk's result is on GET /api/job/{id}/chunks`,
    }),
  },
  { $id: 'JobRun' },
);

/** The sizes of a page of a run's chunks. */
export const chunkPageSizes = [100, 500] as const;

export const ChunkPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1' })),
  perPage: Type.Optional(OneOf(chunkPageSizes)),
});

/** A page of a run's chunks in index order, and how many chunks the run has. */
export const ChunkPageSchema = Type.Object({
  chunks: Type.Array(ChunkViewSchema),
  total: Type.Integer({ description: "The run's chunks, on all pages" }),
});

/** A chunk as a client reads it; `Spec` and `Result` are what its kind puts there. */
export type ChunkView<Spec = unknown, Result = unknown> = Omit<
  Static<typeof ChunkViewSchema>,
  'spec' | 'result'
> & { spec: Spec; result: Result | null };

/** A page of chunks as a client reads it. */
export type ChunkPage<Spec = unknown, Result = unknown> = {
  chunks: ChunkView<Spec, Result>[];
  total: number;
};

/** A run as a client reads it; `Result` is the kind's answer, `ChunkResult` each chunk's. */
export type RunView<Result = unknown, ChunkResult = unknown, Spec = unknown> = Omit<
  Static<typeof RunViewSchema>,
  'chunks' | 'result'
> & { chunks: ChunkView<Spec, ChunkResult>[]; result: Result | null };

/** `Prefer`, declared so that the OpenAPI description lists it. */
export const PreferHeaders = Type.Object({
  prefer: Type.Optional(
    Type.String({
      description:
        "respond-async (RFC 7240): answer 202 at once with the run and its Location instead of waiting for the run's end",
    }),
  ),
});

const { $id: _runId, ...runDocument } = RunViewSchema;
/** 202: the run, with where to poll it (`location`: the path, as the OpenAPI document shows it). */
const runAccepted = (location: string) =>
  Type.Unsafe<Static<typeof RunViewSchema>>({
    ...runDocument,
    description: 'The run, not finished yet: poll its Location',
    headers: {
      Location: { type: 'string', description: `${location}, the run` },
      'Preference-Applied': {
        type: 'string',
        description: 'respond-async, when the request asked for it',
      },
    },
  });

/**
 * What a route that starts a run answers: 200 the spec's shape, 202 the run, 500 a failed run it cannot tell.
 * The run is polled at GET /api/job/{id} unless the route names its own place (one its callers may read).
 */
export const runResponses = <Finished extends TSchema>(finished: Finished, location = '/api/job/{id}') =>
  ({ 200: finished, 202: runAccepted(location), ...errorResponses, 500: ErrorSchema }) as const;

/** The OpenAPI description of a route that starts a run; `answer` is its 200's body. */
export const runRouteDescription = (answer: string) =>
  `Runs on the job queues. Without a Prefer header the request waits for the run to finish and answers 200 with ${answer}. ` +
  'If the run has not finished within RUN_WAIT_SECONDS (default 60; 0: never wait), or the portal is shutting down, ' +
  'it answers 202 with the run so far and `Location: /api/job/{id}`, to poll until the run has finished. ' +
  'With `Prefer: respond-async` (RFC 7240) it answers that 202 at once, with `Preference-Applied: respond-async`. ' +
  'A run an administrator cancels (POST /api/job/{id}/cancel) while the request waits answers 409 with its Location. ' +
  'Invalid input is a 400 with the spec message, and starts nothing.';
