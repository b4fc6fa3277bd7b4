import { type SessionUser, sessionUserChangedChannel } from '@portal/projections';
import type pg from 'pg';

/** How long a signed-in user's role and session version are kept without asking the read model again. */
const SESSION_USER_TTL_MS = 10_000;
/** How soon a lost LISTEN connection is opened again; nothing is cached meanwhile. */
const relistenMs = 1_000;

interface SessionUsersOptions {
  /** Reads the user from the read model. */
  load(id: number): Promise<SessionUser | undefined>;
  /** Where the changes are heard: a connection is held on LISTEN while the cache is open. */
  pool: pg.Pool;
  ttlMs?: number;
  /** Counts each lookup: answered from the cache, or read from the read model. */
  onLookup?(source: 'cached' | 'loaded'): void;
}

/**
 * Signed-in users as the authentication hook needs them (role, session version, name), cached briefly so
 * an authenticated request costs only its own query (issue 16, item 3). Any change of a `users` row
 * reaches every API process through PostgreSQL's NOTIFY when the read model commits it, and drops that
 * user here: a demoted, deleted or re-passworded user is refused as soon as the read model says so, as
 * without the cache. While no connection listens, nothing is cached, since a change could go unheard.
 */
export class SessionUsers {
  private readonly entries = new Map<number, { user: SessionUser | undefined; expiresAt: number }>();
  /** Moves on with every change heard: a read that started before it must not be cached. */
  private generation = 0;
  private listening = false;
  private closed = false;
  private client: pg.PoolClient | undefined;
  private relisten: NodeJS.Timeout | undefined;
  private readonly ttlMs: number;

  constructor(private readonly options: SessionUsersOptions) {
    this.ttlMs = options.ttlMs ?? SESSION_USER_TTL_MS;
  }

  async find(id: number): Promise<SessionUser | undefined> {
    const entry = this.entries.get(id);
    if (this.listening && entry && entry.expiresAt > Date.now()) {
      this.options.onLookup?.('cached');
      return entry.user;
    }
    const generation = this.generation;
    const user = await this.options.load(id);
    this.options.onLookup?.('loaded');
    if (this.listening && generation === this.generation) {
      this.entries.set(id, { user, expiresAt: Date.now() + this.ttlMs });
    }
    return user;
  }

  /** Drops one user (a command of this process changed them), or everyone. */
  forget(id?: number): void {
    this.generation += 1;
    if (id === undefined) this.entries.clear();
    else this.entries.delete(id);
  }

  /** Starts listening; resolves once the first LISTEN is in place or has failed (it is then retried). */
  async open(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.options.pool.connect();
    } catch {
      this.retryListen();
      return;
    }
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      // Destroyed rather than returned, so no pooled connection keeps listening.
      client.release(error instanceof Error ? error : true);
      this.retryListen();
    };
    this.client = client;
    client.on('error', lost);
    client.on('notification', (message) => {
      if (message.channel !== sessionUserChangedChannel) return;
      const id = Number(message.payload);
      this.forget(Number.isInteger(id) && message.payload !== '*' ? id : undefined);
    });
    try {
      await client.query(`LISTEN ${sessionUserChangedChannel}`);
    } catch (error) {
      lost(error);
      return;
    }
    if (this.closed) return lost();
    // Changes made while nobody listened were not heard: start empty.
    this.forget();
    this.listening = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relisten);
    this.listening = false;
    this.forget();
    const client = this.client;
    this.client = undefined;
    client?.release(true);
  }

  private retryListen(): void {
    if (!this.closed) this.relisten = setTimeout(() => void this.open(), relistenMs);
  }
}
