import {
  type BridgeCommand,
  type BridgeReport,
  indicatorCommands,
  type ScaleCommandOutcome,
  type ScaleCommandResult,
  type ScaleReading,
} from '@portal/contract';
import type { Logger } from './log';

export interface PostSchedule {
  /** While readings change, at most one post per this many ms. */
  postIntervalMs: number;
  /** At least one post per this many ms, changed or not. */
  heartbeatMs: number;
}

// A new frame is new even when it says the same weight: the portal weighs only a fresh reading
// (SCALE_MAX_READING_AGE_MS, measured from the frame), so it must keep hearing that the weight holds.
const sameFrame = (a: ScaleReading | null, b: ScaleReading | null): boolean =>
  a === b || (a !== null && b !== null && a.readAt === b.readAt);

/**
 * Whether the report should be posted now: the first one, every status change at once, a new frame
 * once `postIntervalMs` has passed since the last post, anything after `heartbeatMs`.
 */
export function postDue(
  last: { report: BridgeReport; at: number } | null,
  report: BridgeReport,
  now: number,
  { postIntervalMs, heartbeatMs }: PostSchedule,
): boolean {
  if (!last || last.report.status !== report.status) return true;
  const elapsed = now - last.at;
  return (
    elapsed >= heartbeatMs || (elapsed >= postIntervalMs && !sameFrame(last.report.reading, report.reading))
  );
}

export interface PortalTarget {
  portalUrl: string;
  /** This bridge process, new at each start: the portal tells two bridges on one key apart by it. */
  bridgeId: string;
  /** Identifies the scale to the portal; secret: it goes in the header and nowhere else. */
  bridgeKey: string;
  postTimeoutMs: number;
}

const isCommand = (each: unknown): each is BridgeCommand =>
  typeof (each as BridgeCommand | null)?.id === 'string' &&
  indicatorCommands.includes((each as BridgeCommand).command);

/** The commands in the portal's answer; anything that is not a command the bridge knows is never run. */
function commandsIn(answer: unknown): BridgeCommand[] {
  const commands = (answer as { commands?: unknown } | null)?.commands;
  return Array.isArray(commands) ? commands.filter(isCommand) : [];
}

/**
 * PUT /api/scale/bridge/report with the bridge key, saying the bridge takes indicator commands;
 * resolves on 2xx with the commands the portal handed over, rejects with a loggable reason.
 */
export function createReportPost({ portalUrl, bridgeKey, bridgeId, postTimeoutMs }: PortalTarget) {
  // Relative to the portal's address, so a portal served under a path prefix works too.
  const url = new URL('api/scale/bridge/report', portalUrl.endsWith('/') ? portalUrl : `${portalUrl}/`);
  return async (report: BridgeReport): Promise<BridgeCommand[]> => {
    const response = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bridge ${bridgeKey}`, 'content-type': 'application/json' },
      // The bridge's clock as it sends: with the reading's readAt, the frame's age, clock skew or not.
      body: JSON.stringify({
        ...report,
        bridgeId,
        sentAt: new Date().toISOString(),
        acceptsCommands: true,
      } satisfies BridgeReport),
      signal: AbortSignal.timeout(postTimeoutMs),
    });
    // A portal from before commands answers 204, with no body.
    const answer: unknown = response.status === 200 ? await response.json() : await response.arrayBuffer();
    if (response.status === 401) throw new Error('the portal refused the bridge key (401)');
    if (!response.ok) throw new Error(`the portal answered ${response.status}`);
    return commandsIn(answer);
  };
}

/** Writes a command's bytes to the indicator, at once, and says what became of it. */
type CommandRunner = (command: BridgeCommand) => ScaleCommandOutcome;

// Without this, a portal that stays down would fill the log with one line per attempt.
const repeatLogAfterMs = 60_000;

/**
 * After a failed post the next waits this long, doubling with each failure in a row up to the cap: a
 * portal that is down or refuses the key is not sent a post every tick (issue 29: 466 in 30 s).
 */
const postBackoff = { firstMs: 500, maxMs: 10_000 } as const;

const reason = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause =
    error.cause instanceof Error
      ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}`
      : '';
  return `${error.message}${cause}`;
};

/**
 * Posts the current report when `postDue` says so, one post at a time. A failed post is logged
 * (the reason, never the key) and tried again after a back-off (`postBackoff`); it never throws.
 * Commands in the portal's answer are run at once, and their outcomes go with the next report,
 * which is then due at once (kept until a post of them succeeds).
 */
export class ReportSender {
  private last: { report: BridgeReport; at: number } | null = null;
  private inFlight: Promise<void> | null = null;
  private failure: { reason: string; loggedAt: number; count: number; retryAt: number } | null = null;
  private commandResults: ScaleCommandResult[] = [];

  constructor(
    private readonly post: (report: BridgeReport) => Promise<BridgeCommand[]>,
    private readonly schedule: PostSchedule,
    private readonly current: () => BridgeReport,
    private readonly clock: () => number,
    private readonly log: Logger,
    private readonly counted: { postsOk: number; postsFailed: number },
    private readonly runCommand: CommandRunner,
  ) {}

  /** Whether the portal took the latest report (false before the first one). */
  get posting(): boolean {
    return this.last !== null && this.failure === null;
  }

  offer(): void {
    const report = this.current();
    const now = this.clock();
    if (this.inFlight || (this.failure && now < this.failure.retryAt)) return;
    const results = this.commandResults;
    if (results.length === 0 && !postDue(this.last, report, now, this.schedule)) return;
    const sent = results.length > 0 ? { ...report, commandResults: results } : report;
    this.inFlight = this.post(sent).then(
      (commands) => {
        this.counted.postsOk++;
        this.last = { report, at: now };
        this.commandResults = commands.map((command) => ({
          id: command.id,
          outcome: this.runCommand(command),
        }));
        if (this.failure) this.log.info(`posting works again after ${this.failure.count} failed posts`);
        this.failure = null;
        this.inFlight = null;
        // What changed while this post was under way goes out now, not at the next tick.
        this.offer();
      },
      (error: unknown) => {
        this.counted.postsFailed++;
        this.inFlight = null;
        this.failed(reason(error));
      },
    );
  }

  /** Waits for the post under way, if any. */
  async settle(): Promise<void> {
    while (this.inFlight) await this.inFlight;
  }

  private failed(why: string): void {
    const now = this.clock();
    const count = (this.failure?.count ?? 0) + 1;
    const retryAt = now + Math.min(postBackoff.maxMs, postBackoff.firstMs * 2 ** (count - 1));
    if (this.failure?.reason === why && now - this.failure.loggedAt < repeatLogAfterMs) {
      this.failure = { ...this.failure, count, retryAt };
      return;
    }
    this.log.warn(`could not post the scale report (${why}); retrying (${count} failed so far)`);
    this.failure = { reason: why, loggedAt: now, count, retryAt };
  }
}
