import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** Two linked pseudo-terminals: what one side writes, the other reads, like a null-modem cable. */
export interface PtyPair {
  bridgeSide: string;
  scaleSide: string;
  /** Ends socat; it removes both links. */
  stop(): Promise<void>;
}

// socat -d -d says this once both ptys exist and their links are made.
const readyNotice = 'starting data transfer loop';

/** Starts `socat` with a pty pair at the two link paths (the same paths again after a stop: a replug). */
export async function openPtyPair(
  links: { bridgeSide: string; scaleSide: string },
  timeoutMs = 5000,
): Promise<PtyPair> {
  const child = spawn(
    'socat',
    ['-d', '-d', `pty,raw,echo=0,link=${links.bridgeSide}`, `pty,raw,echo=0,link=${links.scaleSide}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      child.off('exit', exited);
      if (!error) return resolve();
      child.kill();
      reject(error);
    };
    const exited = (code: number | null) =>
      settle(new Error(`socat exited (${code}) before its ptys were ready: ${log.trim()}`));
    const timer = setTimeout(
      () => settle(new Error(`socat did not start in ${timeoutMs} ms: ${log.trim()}`)),
      timeoutMs,
    );
    child.once('exit', exited);
    child.once('error', (error: NodeJS.ErrnoException) =>
      settle(
        error.code === 'ENOENT'
          ? new Error(
              'socat is not installed (apt-get install socat): the simulated scale needs its pty pair',
            )
          : error,
      ),
    );
    child.stderr.on('data', (text: string) => {
      log += text;
      if (log.includes(readyNotice)) settle();
    });
  });
  return {
    ...links,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      await exit;
    },
  };
}
