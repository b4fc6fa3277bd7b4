import { describe, expect, it } from 'vitest';
import { eachConcurrently } from './each-concurrently';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('eachConcurrently', () => {
  it('runs every item, at most `width` at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachConcurrently(
      Array.from({ length: 20 }, (_, i) => i),
      async (item) => {
        running++;
        most = Math.max(most, running);
        await tick();
        seen.push(item);
        running--;
      },
      3,
    );
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
  });

  it('after a failure starts no further item and throws it only once the running items have settled', async () => {
    const started: number[] = [];
    const settled: number[] = [];
    const failed = eachConcurrently(
      Array.from({ length: 20 }, (_, i) => i),
      async (item) => {
        started.push(item);
        if (item === 2) throw new Error('connection lost');
        await tick();
        await tick();
        settled.push(item);
      },
      4,
    );
    await expect(failed).rejects.toThrow('connection lost');
    // Items 0, 1 and 3 were running when 2 failed: they finished before the failure was thrown, and
    // nothing after them was started (a retry of the chunk must not race stragglers of this attempt).
    expect(started.sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
    expect(settled.sort((a, b) => a - b)).toEqual([0, 1, 3]);
  });
});
