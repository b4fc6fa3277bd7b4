import type { ChunkView, RunView } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { chunkRange, chunkWarning, isRunFinished, newlyFinishedChunks, runPercent } from './run';

const chunk = (overrides: Partial<ChunkView>): ChunkView => ({
  index: 0,
  spec: { from: 1, to: 1000 },
  state: 'pending',
  total: 1000,
  done: 0,
  result: null,
  error: null,
  ...overrides,
});

const run = (overrides: Partial<RunView>): RunView => ({
  id: '00000000-0000-0000-0000-000000000000',
  kind: 'generate',
  state: 'running',
  total: 2000,
  done: 0,
  createdAt: '2025-11-21T07:00:00.000Z',
  finishedAt: null,
  cancelledAt: null,
  chunkCounts: { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 },
  chunks: [],
  result: null,
  ...overrides,
});

describe('runs', () => {
  it('has finished when completed, failed or cancelled', () => {
    expect(isRunFinished({ state: 'queued' })).toBe(false);
    expect(isRunFinished({ state: 'running' })).toBe(false);
    expect(isRunFinished({ state: 'completed' })).toBe(true);
    expect(isRunFinished({ state: 'failed' })).toBe(true);
    expect(isRunFinished({ state: 'cancelled' })).toBe(true);
  });

  it('shows done of total as a percentage, full for a finished run of nothing', () => {
    expect(runPercent({ state: 'running', done: 500, total: 2000 })).toBe(25);
    expect(runPercent({ state: 'running', done: 2500, total: 2000 })).toBe(100);
    expect(runPercent({ state: 'queued', done: 0, total: 0 })).toBe(0);
    expect(runPercent({ state: 'completed', done: 0, total: 0 })).toBe(100);
  });

  it("warns with a chunk's error, else its result's error", () => {
    expect(chunkWarning(chunk({ state: 'failed', error: 'Unexpected error has occurred.' }))).toBe(
      'Unexpected error has occurred.',
    );
    expect(
      chunkWarning(
        chunk({
          state: 'completed',
          result: {
            success: false,
            tickets: [],
            error: 'Tickets 5, 6 already exist and were not generated again.',
          },
        }),
      ),
    ).toBe('Tickets 5, 6 already exist and were not generated again.');
    expect(
      chunkWarning(chunk({ state: 'completed', result: { success: true, tickets: [1], error: null } })),
    ).toBeNull();
    expect(chunkWarning(chunk({ state: 'completed', result: { key: '1-3', value: 'success' } }))).toBeNull();
  });

  it("reads a chunk's range from its spec when it has one", () => {
    expect(chunkRange(chunk({ spec: { from: 5, to: 9 } }))).toEqual({ from: 5, to: 9 });
    expect(chunkRange(chunk({ spec: { email: 'a@b.c' } }))).toBeNull();
    expect(chunkRange(chunk({ spec: null }))).toBeNull();
  });

  it('reports each finished chunk once', () => {
    const snapshot = run({
      chunks: [
        chunk({ index: 0, state: 'completed' }),
        chunk({ index: 1, state: 'running' }),
        chunk({ index: 2, state: 'failed' }),
      ],
    });
    expect(newlyFinishedChunks(snapshot, new Set()).map((c) => c.index)).toEqual([0, 2]);
    expect(newlyFinishedChunks(snapshot, new Set([0])).map((c) => c.index)).toEqual([2]);
  });
});
