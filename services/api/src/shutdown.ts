/**
 * Ctrl-C or SIGTERM runs `close` once (later signals while it runs are ignored), then exits: running
 * requests and jobs finish first.
 */
export function closeOnSignals(describe: (signal: string) => string, close: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(describe(signal));
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
