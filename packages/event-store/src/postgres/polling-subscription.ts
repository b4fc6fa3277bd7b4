import { RetryBackOff } from '../adapter-common';
import { Alarm } from '../alarm';
import {
  comparePositions,
  type GlobalPosition,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from '../event-store';
import { laterPosition } from './event-rows';

/** First wait before reading again for an announced event not visible yet (doubling up to the poll interval). */
const firstChaseMs = 5;

/** Delivers batches one at a time in global order; a failed batch is retried as is, never skipped. */
export class PollingSubscription {
  private closed = false;
  /** Rung by notifications: new events may be visible. */
  private readonly idle = new Alarm();
  /** Cancelled only by close, so notifications cannot cut a back-off short. */
  private readonly backOff = new RetryBackOff();
  private readonly running: Promise<void>;
  /** The newest position announced as committed. */
  private announced: GlobalPosition | undefined;

  constructor(
    private readonly read: (after: GlobalPosition | undefined) => Promise<RecordedEvent[]>,
    private readonly options: SubscribeToAllOptions,
    private readonly pollIntervalMs: number,
  ) {
    this.running = this.run();
  }

  wake(appended?: GlobalPosition): void {
    if (appended) this.announced = laterPosition(this.announced, appended);
    this.idle.ring();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.idle.ring();
    this.backOff.cancel();
    await this.running;
  }

  private async run(): Promise<void> {
    let after = this.options.after;
    let batch: RecordedEvent[] = [];
    let chaseMs = firstChaseMs;
    while (!this.closed) {
      try {
        if (batch.length === 0) batch = await this.read(after);
        if (this.closed) break;
        const last = batch.at(-1);
        if (!last) {
          // An announced event is not visible yet: a transaction that began before it (anywhere on the
          // server) is still open. Look again soon rather than at the next poll.
          const behind = this.announced && (!after || comparePositions(after, this.announced) < 0);
          await this.idle.sleep(behind ? chaseMs : this.pollIntervalMs);
          if (behind) chaseMs = Math.min(chaseMs * 2, this.pollIntervalMs);
          continue;
        }
        await this.options.onEvents(batch);
        after = last.position;
        batch = [];
        this.backOff.succeeded();
        chaseMs = firstChaseMs;
      } catch (error) {
        await this.backOff.afterFailure(this.options, error);
      }
    }
  }
}
