/** One part of a process to stop, in the order a shutdown runs them. */
export interface ShutdownStep {
  /** What stops, as a line says it ("the web server"). */
  what: string;
  /** The longest this step may take before the shutdown goes on without it. */
  limitMs: number;
  run(): Promise<void>;
}

/** Runs `steps` one after another with no time limits nor lines (tests, and a failed start cleaning up). */
export async function stopAll(steps: readonly ShutdownStep[]): Promise<void> {
  for (const step of steps) await step.run();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs `steps` in order, printing a line as each ends, with how long it took. A step past its limit is
 * left behind (said in its line) rather than holding the process up: the limits add up to the longest
 * a shutdown takes. Resolves with whether no step failed (one left behind has not failed: a cut-off job
 * runs again, a PostgreSQL told to stop finishes stopping on its own).
 */
async function runShutdownSteps(
  steps: readonly ShutdownStep[],
  print: (line: string) => void,
): Promise<boolean> {
  const started = Date.now();
  let noneFailed = true;
  for (const [index, step] of steps.entries()) {
    const stepStarted = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      step.run().then(
        () => 'done' as const,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), step.limitMs);
      }),
    ]);
    clearTimeout(timer);
    const count = `  ${index + 1}/${steps.length}`;
    if (outcome === 'done') print(`${count} stopped ${step.what} (${seconds(Date.now() - stepStarted)})`);
    else if (outcome === 'late')
      print(`${count} ${step.what} did not stop within ${seconds(step.limitMs)}: going on without it`);
    else print(`${count} ${step.what} failed to stop: ${outcome}`);
    noneFailed &&= outcome === 'done' || outcome === 'late';
  }
  print(`Stopped in ${seconds(Date.now() - started)}.`);
  return noneFailed;
}

/**
 * Ctrl-C or SIGTERM runs `steps` once (later signals while they run are ignored), then exits. Returns
 * the same shutdown for other reasons to stop (the launcher going away).
 */
export function closeOnSignals(
  describe: (reason: string) => string,
  steps: () => readonly ShutdownStep[],
): (reason: string) => void {
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(describe(reason));
    const noneFailed = await runShutdownSteps(steps(), console.log);
    process.exit(noneFailed ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return (reason) => void shutdown(reason);
}
