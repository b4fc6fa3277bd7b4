/**
 * Readiness: named checks, each run with a time limit. A failing check is reported by its name and
 * a short text of our own (a `NotReady` message, or "unreachable"/"timed out"), never by the
 * driver's error, whose message may hold a host name or a connection string.
 */

/** A check that fails for a reason worth showing (e.g. "tickets is 1200 events behind"). */
export class NotReady extends Error {}

export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; throws (`NotReady` for a reason worth showing) otherwise. */
  check(): Promise<void>;
}

export interface Readiness {
  status: 'ready' | 'not ready';
  /** Every check by name: 'ok', or why it failed. */
  checks: Record<string, string>;
}

const timedOut = Symbol('timed out');

async function outcome(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), timeoutMs);
  });
  try {
    const result = await Promise.race([check.check(), timeout]);
    return result === timedOut ? 'timed out' : 'ok';
  } catch (error) {
    return error instanceof NotReady ? error.message : 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check at once; ready when all answer 'ok' within `timeoutMs`. */
export async function readiness(checks: readonly ReadinessCheck[], timeoutMs: number): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async (check) => [check.name, await outcome(check, timeoutMs)] as const),
  );
  return {
    status: results.every(([, result]) => result === 'ok') ? 'ready' : 'not ready',
    checks: Object.fromEntries(results),
  };
}

/**
 * `readiness` for a probe anyone may call: concurrent calls share one run, and its answer is reused
 * for `reuseMs`, so a flood of /readyz requests costs the database a few queries a second, not one
 * set per request.
 */
export function readinessProbe(
  checks: readonly ReadinessCheck[],
  options: { timeoutMs: number; reuseMs: number },
): () => Promise<Readiness> {
  let latest: { answer: Promise<Readiness>; at: number } | null = null;
  return () => {
    const now = Date.now();
    if (!latest || now - latest.at > options.reuseMs) {
      const answer = readiness(checks, options.timeoutMs);
      latest = { answer, at: now };
      // Reuse counts from the answer, not the question: a slow run is not reused past its end.
      void answer.then(() => {
        if (latest?.answer === answer) latest.at = Date.now();
      });
    }
    return latest.answer;
  };
}
