/**
 * Runs `work` over `items`, `width` at a time (each ticket is its own stream, so they may overlap). On the
 * first failure no further item is started, and the failure is thrown once the items already running have
 * settled: a chunk retried after it never races its own earlier attempt's stragglers.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
  width = 8,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (next < items.length && !failure) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}
