import { describe, expect, it } from 'vitest';
import { FairQueue, type FairQueueOptions } from './fair-queue';

class Refused extends Error {}

const newQueue = (options: Partial<FairQueueOptions> = {}) =>
  new FairQueue({
    concurrency: 1,
    perClientLimit: 100,
    totalLimit: 1000,
    refusal: () => new Refused(),
    ...options,
  });

/** A queue whose tasks finish when the test says so; `started` lists them in the order they ran. */
function harness(options: Partial<FairQueueOptions> = {}) {
  const queue = newQueue(options);
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const submit = (client: string, name: string) =>
    queue.run(client, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.push(() => resolve(name)));
    });
  /** Finishes the oldest running task and lets the queue start the next. */
  const finishOne = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, started, submit, finishOne, running: () => finishers.length };
}

describe('FairQueue', () => {
  it('runs no more tasks at once than its concurrency', async () => {
    const { submit, finishOne, running, started } = harness({ concurrency: 2 });
    const results = ['a', 'b', 'c', 'd', 'e'].map((name) => submit(name, name));
    expect(running()).toBe(2);
    for (let i = 0; i < 5; i++) {
      expect(running()).toBeLessThanOrEqual(2);
      await finishOne();
    }
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it("serves a newcomer right after the flooding client's running task, then takes turns", async () => {
    const { submit, finishOne, started } = harness();
    const flood = Array.from({ length: 6 }, (_, i) => submit('flooder', `flood-${i + 1}`));
    const newcomer = submit('newcomer', 'newcomer');
    const other = submit('other', 'other');
    for (let i = 0; i < 8; i++) await finishOne();
    await Promise.all([...flood, newcomer, other]);
    expect(started).toEqual([
      'flood-1',
      'newcomer',
      'other',
      'flood-2',
      'flood-3',
      'flood-4',
      'flood-5',
      'flood-6',
    ]);
  });

  it('alternates between two busy clients', async () => {
    const { submit, finishOne, started } = harness();
    const tasks = [1, 2, 3].flatMap((n) => [submit('a', `a${n}`), submit('b', `b${n}`)]);
    for (let i = 0; i < 6; i++) await finishOne();
    await Promise.all(tasks);
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  });

  it('refuses a client past its limit of waiting and running tasks, and takes it again once one ends', async () => {
    const { submit, finishOne } = harness({ perClientLimit: 3 });
    const accepted = [1, 2, 3].map((n) => submit('flooder', `t${n}`));
    await expect(submit('flooder', 't4')).rejects.toBeInstanceOf(Refused);
    const other = submit('other', 'other');
    await finishOne();
    const again = submit('flooder', 't5');
    for (let i = 0; i < 4; i++) await finishOne();
    expect(await Promise.all([...accepted, other, again])).toEqual(['t1', 't2', 't3', 'other', 't5']);
  });

  it('takes a per-call limit for a client in place of the usual one', async () => {
    const queue = newQueue({ perClientLimit: 1 });
    const tasks = [1, 2, 3].map((n) => queue.run('trusted', async () => n, Number.POSITIVE_INFINITY));
    expect(await Promise.all(tasks)).toEqual([1, 2, 3]);
  });

  it('refuses anyone once all clients together hold its total limit', async () => {
    const { submit, finishOne } = harness({ perClientLimit: 2, totalLimit: 3 });
    const accepted = [submit('a', 'a1'), submit('b', 'b1'), submit('c', 'c1')];
    await expect(submit('d', 'd1')).rejects.toBeInstanceOf(Refused);
    for (let i = 0; i < 3; i++) await finishOne();
    await Promise.all(accepted);
  });

  it("rejects with a failed task's error and frees its place", async () => {
    const queue = newQueue({ perClientLimit: 1, totalLimit: 1 });
    await expect(queue.run('a', () => Promise.reject(new Error('argon2 failed')))).rejects.toThrow(
      'argon2 failed',
    );
    expect(await queue.run('a', async () => 'next')).toBe('next');
  });
});
