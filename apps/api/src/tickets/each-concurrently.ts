/** Runs `work` over `items`, `width` at a time (each ticket is its own stream, so they may overlap). */
export async function eachConcurrently<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
  width = 8,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
