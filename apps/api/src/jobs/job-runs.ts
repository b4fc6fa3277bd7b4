import type { ChunkView } from '@portal/contract';
import type { CommandHost } from '../plugins/infrastructure';

/**
 * Bulk work as runs of chunks (docs/rules.md, "Ticket numbers": generate in chunks of 1000 numbers, bulk
 * update in chunks of 100, one bulk-receive chip per range). A run and its chunks are rows in
 * PostgreSQL; each chunk is one queue job whose id is `<run>.<chunk>`, so adding it twice adds one
 * job. The chunk row is the source of truth: a worker records the chunk's result there, a chunk
 * already recorded is never processed again, and a session-level advisory lock keeps two workers
 * from processing the same chunk at once (a killed worker's lock goes with its connection).
 * Commands inside a chunk carry the chunk's id in their events' metadata, so a chunk cut off
 * mid-way and re-run counts what it had already done as done, not as a conflict.
 */

export interface ChunkContext<Params, Spec> {
  host: CommandHost;
  run: { id: string; userId: number; params: Params };
  chunk: { index: number; spec: Spec; total: number };
  /**
   * Goes into the metadata of every event the chunk appends: a chunk cut off and re-run recognises
   * its own earlier work by it (and only its own: another chunk of the run is someone else).
   */
  correlationId: string;
  /** Items done so far in this chunk (throttled writes; the UI's progress bar). */
  progress(done: number): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: one registry holds every kind's definition, and a processor's parameters are contravariant
export interface RunDefinition<Params = any, Spec = any, Result = any> {
  /** The run's kind ('generate', 'bulk-update', …): one per definition, stored with the run. */
  kind: string;
  /** One queue per kind of work. */
  queue: string;
  concurrency?: number;
  /** Splits the validated parameters into chunks; `total` is the chunk's item count. */
  chunks(params: Params): { spec: Spec; total: number }[];
  processChunk(context: ChunkContext<Params, Spec>): Promise<Result>;
  /** The run's answer from its chunks (default: none). */
  summarize?(chunks: ChunkView<Spec, Result>[], host: CommandHost): Promise<unknown> | unknown;
}

/** The chunks of a run done in one piece (a report, an export): its parameters, one item. */
export const wholeRunAsOneChunk = <Params>(params: Params) => [{ spec: params, total: 1 }];

export const unexpectedChunkError = 'Unexpected error has occurred.';

export interface ChunkJobData {
  runId: string;
  index: number;
}

export const jobIdOf = (runId: string, index: number) => `${runId}.${index}`;
