/**
 * Runs `work` now and again `intervalMs` after each run ends (never two at once); a failed run is logged
 * under `name` and the next one tries again. `stop` waits for a running one to end.
 */
export function startRepeating(name: string, intervalMs: number, work: () => Promise<void>) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = work()
      .catch((error: unknown) => console.warn(`${name}: ${(error as Error).message}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
