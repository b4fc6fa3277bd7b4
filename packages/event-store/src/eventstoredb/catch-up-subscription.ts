import type { AllStreamSubscription } from '@eventstore/db-client';
import { maxRetryMs, RetryBackOff } from '../adapter-common';
import { Alarm } from '../alarm';
import type { GlobalPosition, RecordedEvent, SubscribeToAllOptions } from '../event-store';

/** Events of one `$all` page, and the position of the last record read (system records included). */
export interface ScannedPage {
  events: RecordedEvent[];
  scannedTo: GlobalPosition | undefined;
}

/**
 * Delivers `readAll` pages in commit order, strictly after the last delivered event. It wakes on a live
 * EventStoreDB subscription to `$all` (system events excluded) and polls as a fallback, the way the
 * PostgreSQL adapter wakes on NOTIFY: the pages, not the live stream, decide what is delivered, so a
 * dropped connection or a batch that failed and waits for its retry never skips or reorders an event.
 */
export class CatchUpSubscription {
  private stopped = false;
  private readonly running: Promise<void>;
  private live: AllStreamSubscription | null = null;
  /** Rung by live events: new events may be readable. */
  private readonly idle = new Alarm();
  /** Cancelled only by close, so live events cannot cut a back-off short. */
  private readonly backOff = new RetryBackOff();

  constructor(
    private readonly scanAll: (after: GlobalPosition | undefined, maxCount: number) => Promise<ScannedPage>,
    private readonly options: SubscribeToAllOptions,
    private readonly pollIntervalMs: number,
    private readonly subscribeLive: () => AllStreamSubscription,
  ) {
    this.follow();
    this.running = this.run();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.idle.ring();
    this.backOff.cancel();
    const live = this.live;
    this.live = null;
    await live?.unsubscribe().catch(() => undefined);
    await this.running;
  }

  private async run(): Promise<void> {
    let after = this.options.after;
    const batchSize = this.options.batchSize ?? 100;
    // A batch the handler refused is kept and handed over again as it was, never skipped.
    let pending: ScannedPage | null = null;
    while (!this.stopped) {
      try {
        const page: ScannedPage = pending ?? (await this.scanAll(after, batchSize));
        pending = page;
        if (this.stopped) return;
        if (page.events.length > 0) await this.options.onEvents(page.events);
        pending = null;
        // Past the server's own records too, once the batch (if any) was taken.
        after = page.scannedTo;
        this.backOff.succeeded();
        if (page.events.length === 0) await this.idle.sleep(this.pollIntervalMs);
      } catch (error) {
        await this.backOff.afterFailure(this.options, error);
      }
    }
  }

  /** Keeps a live subscription open for wake-ups, reopening it after a back-off when it fails. */
  private follow(): void {
    if (this.stopped) return;
    const live = this.subscribeLive();
    this.live = live;
    live.on('data', () => this.idle.ring());
    live.on('error', () => {
      if (this.live !== live) return;
      this.live = null;
      this.idle.ring();
      setTimeout(() => this.follow(), maxRetryMs).unref();
    });
  }
}
