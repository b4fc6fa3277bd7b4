import { describe, expect, it } from 'vitest';
import { NotReady, readiness, readinessProbe } from './readiness';

const pass = { name: 'database', check: async () => undefined };

describe('readiness', () => {
  it('is ready when every check passes', async () => {
    expect(await readiness([pass, { ...pass, name: 'queues' }], 100)).toEqual({
      status: 'ready',
      checks: { database: 'ok', queues: 'ok' },
    });
  });

  it("names a failed check with our own words, never the error's message", async () => {
    const result = await readiness(
      [
        pass,
        {
          name: 'queues',
          check: async () => Promise.reject(new Error('connect ECONNREFUSED redis://:pw@10.1.2.3')),
        },
        {
          name: 'projections',
          check: async () => Promise.reject(new NotReady('tickets is 12 events behind')),
        },
        { name: 'eventStore', check: () => new Promise<void>(() => undefined) },
      ],
      50,
    );
    expect(result).toEqual({
      status: 'not ready',
      checks: {
        database: 'ok',
        queues: 'unreachable',
        projections: 'tickets is 12 events behind',
        eventStore: 'timed out',
      },
    });
  });
});

describe('readinessProbe', () => {
  it('shares one run between concurrent calls and reuses its answer briefly, then asks again', async () => {
    let runs = 0;
    const probe = readinessProbe([{ name: 'database', check: async () => void runs++ }], {
      timeoutMs: 100,
      reuseMs: 30,
    });
    await Promise.all([probe(), probe(), probe()]);
    await probe();
    expect(runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await probe();
    expect(runs).toBe(2);
  });
});
