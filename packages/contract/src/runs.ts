import { Nullable, OneOf } from '@portal/domain';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ErrorSchema, errorResponses } from './http';

/** A bulk run (generate, bulk update/clear/receive, export, report) as GET /api/job/{id} answers it. */
export const ChunkViewSchema = Type.Object({
  index: Type.Integer(),
  spec: Type.Unknown({ description: 'What the chunk covers, e.g. {from, to}' }),
  state: OneOf(['pending', 'running', 'completed', 'failed']),
  total: Type.Integer(),
  done: Type.Integer(),
  result: Type.Unknown(),
  error: Nullable(Type.String()),
});

export const RunViewSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Type.String(),
    state: OneOf(['queued', 'running', 'completed', 'failed'], {
      description: 'failed: finished with at least one failed chunk',
    }),
    total: Type.Integer({ description: 'Items in the whole run' }),
    done: Type.Integer({ description: 'Items done so far (the progress bar)' }),
    createdAt: Type.String({ format: 'date-time' }),
    finishedAt: Nullable(Type.String({ format: 'date-time' })),
    chunks: Type.Array(ChunkViewSchema),
    result: Type.Unknown({ description: "The run's answer so far; its shape depends on the kind" }),
  },
  { $id: 'JobRun' },
);

/** A chunk as a client reads it; `Spec` and `Result` are what its kind puts there. */
export type ChunkView<Spec = unknown, Result = unknown> = Omit<
  Static<typeof ChunkViewSchema>,
  'spec' | 'result'
> & { spec: Spec; result: Result | null };

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
  'Invalid input is a 400 with the spec message, and starts nothing.';
