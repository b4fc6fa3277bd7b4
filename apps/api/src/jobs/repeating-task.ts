/**
 * Runs `work` now and again `intervalMs` after each run ends (never two at once); a failed run is logged
 * under `name` and the next one tries again. `wake` brings the next run forward; `stop` waits for a
 * running one to end.
 */
export function startRepeating(name: string, intervalMs: number, work: () => Promise<void>) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the next run starts (while none runs). */
  let nextRunAt = 0;
  let running: Promise<void> | undefined;
  /** Woken during a run: how soon the next one starts instead of the interval. */
  let wokenWithinMs: number | undefined;
  const runIn = (delayMs: number) => {
    clearTimeout(timer);
    nextRunAt = Date.now() + delayMs;
    timer = setTimeout(tick, delayMs);
  };
  const tick = () => {
    wokenWithinMs = undefined;
    running = work()
      .catch((error: unknown) => console.warn(`${name}: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
        if (!stopped) runIn(Math.min(wokenWithinMs ?? intervalMs, intervalMs));
      });
  };
  tick();
  return {
    /** Something for `work` happened: it runs within `withinMs`, or that long after the run under way. */
    wake(withinMs = 0) {
      if (stopped) return;
      if (running) wokenWithinMs = Math.min(wokenWithinMs ?? withinMs, withinMs);
      else if (nextRunAt > Date.now() + withinMs) runIn(withinMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
