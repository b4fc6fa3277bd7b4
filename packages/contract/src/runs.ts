import { Nullable, OneOf } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';

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
