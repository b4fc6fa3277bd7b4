import { describe, expect, it } from 'vitest';
import { settledOnce } from './settled-once';

describe('settledOnce', () => {
  it('loads once, shares the promise and marks it fulfilled for React’s use', async () => {
    let calls = 0;
    const load = settledOnce(async () => {
      calls++;
      return 'screen';
    });
    const first = load();
    expect(load()).toBe(first);
    expect(first).toMatchObject({ status: 'pending' });
    await first;
    expect(first).toMatchObject({ status: 'fulfilled', value: 'screen' });
    expect(load()).toBe(first);
    expect(calls).toBe(1);
  });

  it('keeps a failed load failed, for an error boundary to show', async () => {
    let calls = 0;
    const load = settledOnce(async () => {
      calls++;
      throw new Error('chunk not fetched');
    });
    const failed = load();
    await expect(failed).rejects.toThrow('chunk not fetched');
    expect(failed).toMatchObject({ status: 'rejected' });
    expect(load()).toBe(failed);
    expect(calls).toBe(1);
  });
});
