import { EventEmitter } from 'node:events';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '@portal/event-store';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../database';
import { projectBatch } from './project-batch';
import type { Projection } from './projection';

/** One advisory-lock key for the whole runner: the instance holding it owns every projection. */
export const RUNNER_LOCK_KEY = 7_301_001;

export interface ProjectionRunnerOptions {
  pool: pg.Pool;
  db: Kysely<Database>;
  eventStore: EventStore;
  projections: Projection[];
  batchSize?: number;
  /** How often a standby instance retries the ownership lock, and polls checkpoints for waiters. */
  standbyPollMs?: number;
  onError?: (error: unknown) => void;
}

/** The position a checkpoint row holds. */
export const checkpointPosition = (row: {
  commitPosition: string;
  preparePosition: string;
}): GlobalPosition => ({
  commit: BigInt(row.commitPosition),
  prepare: BigInt(row.preparePosition),
});

/**
 * Follows the global event order and feeds every projection. Each batch is applied, and every
 * projection's checkpoint moved, in one PostgreSQL transaction: a crash at any point neither loses
 * nor doubles an event. Only the instance holding the advisory lock projects; others stand by.
 */
export class ProjectionRunner {
  private readonly progress = new EventEmitter();
  private readonly checkpoints = new Map<string, GlobalPosition>();
  private lockClient: pg.PoolClient | null = null;
  private subscription: Subscription | null = null;
  private standbyTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.progress.setMaxListeners(0);
  }

  /** Starts projecting if this instance wins the lock; otherwise keeps retrying in the background. */
  async start(): Promise<void> {
    if (await this.tryAcquireOwnership()) return;
    this.standBy();
  }

  private standBy(): void {
    if (this.stopped || this.standbyTimer) return;
    this.standbyTimer = setInterval(() => {
      void this.tryAcquireOwnership().catch((error) => this.options.onError?.(error));
    }, this.options.standbyPollMs ?? 1000);
  }

  /**
   * The connection holding the lock broke (a database restart or failover): the lock is gone with
   * it, so another instance may project now. Stop projecting and stand by to win it back.
   */
  private async loseOwnership(error: Error): Promise<void> {
    const client = this.lockClient;
    if (!client) return;
    this.lockClient = null;
    this.options.onError?.(error);
    client.release(true);
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close().catch(() => undefined);
    this.standBy();
  }

  get isOwner(): boolean {
    return this.subscription !== null;
  }

  private async tryAcquireOwnership(): Promise<boolean> {
    if (this.stopped || this.subscription) return true;
    const client = await this.options.pool.connect();
    let locked: boolean;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        RUNNER_LOCK_KEY,
      ]);
      locked = rows[0]?.locked === true;
    } catch (error) {
      // A connection that failed (a failover) is closed, not handed back: kept, it would leak a pool slot.
      client.release(true);
      throw error;
    }
    if (!locked) {
      client.release();
      return false;
    }
    this.lockClient = client;
    // The lock went with a dropped connection: stop projecting at once, then stand by to take it again.
    client.on('error', (error) => void this.loseOwnership(error));
    try {
      await this.loadCheckpoints();
    } catch (error) {
      // Owning the lock without projecting would stall every read model: give it up and stand by.
      await this.loseOwnership(error instanceof Error ? error : new Error(String(error)));
      return false;
    }
    if (this.standbyTimer) clearInterval(this.standbyTimer);
    this.standbyTimer = null;
    this.subscription = this.options.eventStore.subscribeToAll({
      after: this.lowestCheckpoint(),
      batchSize: this.options.batchSize ?? 500,
      onEvents: (events) => this.applyBatch(events),
      onError: (error) => this.options.onError?.(error),
    });
    return true;
  }

  private async loadCheckpoints(): Promise<void> {
    const rows = await this.options.db.selectFrom('projectionCheckpoint').selectAll().execute();
    this.checkpoints.clear();
    for (const row of rows) this.checkpoints.set(row.name, checkpointPosition(row));
  }

  /** Undefined (from the start) as soon as one projection has never run. */
  private lowestCheckpoint(): GlobalPosition | undefined {
    let lowest: GlobalPosition | undefined;
    for (const projection of this.options.projections) {
      const checkpoint = this.checkpoints.get(projection.name);
      if (!checkpoint) return undefined;
      if (!lowest || comparePositions(checkpoint, lowest) < 0) lowest = checkpoint;
    }
    return lowest;
  }

  private async applyBatch(events: RecordedEvent[]): Promise<void> {
    const last = await this.options.db
      .transaction()
      .execute((trx) => projectBatch(trx, this.options.projections, events, this.checkpoints));
    if (!last) return;
    for (const projection of this.options.projections) this.checkpoints.set(projection.name, last);
    this.progress.emit('progress');
  }

  private reached(position: GlobalPosition): boolean {
    return this.options.projections.every((projection) => {
      const checkpoint = this.checkpoints.get(projection.name);
      return checkpoint !== undefined && comparePositions(checkpoint, position) >= 0;
    });
  }

  /**
   * Read-your-writes: resolves true once every projection has applied the event at `position`,
   * false after `timeoutMs`. A standby instance (another process projects) polls the checkpoints.
   */
  async waitFor(position: GlobalPosition, timeoutMs = 5000): Promise<boolean> {
    if (this.reached(position)) return true;
    return new Promise<boolean>((resolve) => {
      const finish = (result: boolean) => {
        clearTimeout(timeout);
        if (poll) clearInterval(poll);
        this.progress.off('progress', check);
        resolve(result);
      };
      const check = () => {
        if (this.reached(position)) finish(true);
      };
      const timeout = setTimeout(() => finish(false), timeoutMs);
      const poll = this.isOwner
        ? null
        : setInterval(() => void this.loadCheckpoints().then(check, () => undefined), 20);
      this.progress.on('progress', check);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.standbyTimer) clearInterval(this.standbyTimer);
    await this.subscription?.close();
    this.subscription = null;
    if (this.lockClient) {
      await this.lockClient.query('SELECT pg_advisory_unlock($1)', [RUNNER_LOCK_KEY]).catch(() => undefined);
      this.lockClient.release();
      this.lockClient = null;
    }
  }
}
