import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '@portal/event-store';
import { type Kysely, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from '../database';
import type { Projection } from './projection';

/** How often a rebuild looks again for events an open transaction holds back. */
const heldBackPollMs = 50;

/** One advisory-lock key for the whole runner: the instance holding it owns every projection. */
const RUNNER_LOCK_KEY = 7_301_001;

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

const toPosition = (row: { commitPosition: string; preparePosition: string }): GlobalPosition => ({
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
    for (const row of rows) this.checkpoints.set(row.name, toPosition(row));
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

/** A batch folded ahead, by the name of each projection that folds ahead (Projection.foldAhead). */
type Folds = ReadonlyMap<string, unknown>;

/**
 * Applies a batch to every projection that has not seen it yet and moves all checkpoints to the
 * batch's last position, inside the caller's transaction. Returns that position. A projection whose
 * part of the batch was folded ahead (`folds`) only writes it.
 */
async function projectBatch(
  trx: Transaction<Database>,
  projections: Projection[],
  events: RecordedEvent[],
  checkpoints: ReadonlyMap<string, GlobalPosition>,
  folds: Folds = new Map(),
): Promise<GlobalPosition | undefined> {
  const last = events.at(-1)?.position;
  if (!last) return undefined;
  // The read models are derived: a batch a crash takes back goes with its checkpoint and is projected
  // again, so its commit need not wait for the disk (the events were, when they were appended).
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
  for (const projection of projections) {
    const folded = folds.get(projection.name);
    if (projection.foldAhead && folded !== undefined) {
      await projection.foldAhead.write(trx, folded);
      continue;
    }
    const checkpoint = checkpoints.get(projection.name);
    const unseen = events.filter(
      (event) =>
        projection.handles.includes(event.type) &&
        !(checkpoint && comparePositions(event.position, checkpoint) <= 0),
    );
    if (unseen.length > 0) await projection.apply(trx, unseen);
  }
  await trx
    .insertInto('projectionCheckpoint')
    .values(
      projections.map((p) => ({ name: p.name, commitPosition: last.commit, preparePosition: last.prepare })),
    )
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        commitPosition: (eb) => eb.ref('excluded.commitPosition'),
        preparePosition: (eb) => eb.ref('excluded.preparePosition'),
        updatedAt: sql`now()`,
      }),
    )
    .execute();
  return last;
}

/** Folds a batch for every projection that folds ahead, each from its fold of the batch before. */
async function foldBatch(
  db: Kysely<Database>,
  projections: Projection[],
  events: readonly RecordedEvent[],
  previous: Folds,
): Promise<Folds> {
  const folds = new Map<string, unknown>();
  for (const projection of projections) {
    if (!projection.foldAhead) continue;
    const handled = events.filter((event) => projection.handles.includes(event.type));
    if (handled.length === 0) continue;
    folds.set(projection.name, await projection.foldAhead.fold(db, handled, previous.get(projection.name)));
  }
  return folds;
}

/** Awaits both, and fails with the first one's error once neither is still running. */
async function both<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/**
 * Empties every read model and its checkpoint, then replays the whole event store into them, one
 * transaction per batch. While a batch is written, the next is read and folded in memory by the
 * projections that fold ahead: Node.js and PostgreSQL each take about half of a rebuild's time, and so
 * work at once. Refuses while a running portal owns the projections (it would keep projecting from its
 * own position).
 */
export async function rebuildReadModels(
  options: Omit<ProjectionRunnerOptions, 'standbyPollMs'> & { onProgress?: (applied: number) => void },
): Promise<number> {
  const { pool, db, eventStore, projections } = options;
  const maxCount = options.batchSize ?? 5000;
  const lockClient = await pool.connect();
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [RUNNER_LOCK_KEY],
    );
    if (!rows[0]?.locked)
      throw new Error('A running portal owns the read models: stop it before rebuilding.');
    await db.transaction().execute(async (trx) => {
      for (const projection of projections) await projection.reset(trx);
      await trx.deleteFrom('projectionCheckpoint').execute();
    });
    // Everything committed before the rebuild began is replayed, including events that readAll holds
    // back while an older transaction (of any database on the server) is still open.
    const target = await eventStore.committedHeadPosition();
    let applied = 0;
    let position: GlobalPosition | undefined;
    /** A batch read after `after`, folded from `previous` by the projections that fold ahead. */
    const readAndFold = async (after: GlobalPosition | undefined, previous: Folds) => {
      const events = await eventStore.readAll({ after, maxCount });
      return { events, folds: await foldBatch(db, projections, events, previous) };
    };
    let next = await readAndFold(undefined, new Map());
    for (;;) {
      const { events, folds } = next;
      const last = events.at(-1)?.position;
      if (!last) {
        if (!target || (position && comparePositions(position, target) >= 0)) break;
        await sleep(heldBackPollMs);
        next = await readAndFold(position, new Map());
        continue;
      }
      const written = db
        .transaction()
        .execute((trx) => projectBatch(trx, projections, events, new Map(), folds));
      [, next] = await both(written, readAndFold(last, folds));
      applied += events.length;
      position = last;
      options.onProgress?.(applied);
    }
    return applied;
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    lockClient.release();
  }
}
