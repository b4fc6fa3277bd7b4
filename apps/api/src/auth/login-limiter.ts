import { loginLimits } from '@portal/contract';
import type pg from 'pg';
import type { PortalConfig } from '../config';
import { type AttemptCounters, createAttemptCounters } from './attempt-counters';

/** A login attempt as it is counted: the lower-cased username (known or not) and the client's address key. */
interface LoginAttempt {
  account: string;
  address: string;
}

/**
 * Counts logins per account and client address, and per account across addresses, in counters every
 * API process shares. An attempt is reserved before its password is checked, so a burst of concurrent
 * guesses gets no more checks than the limit; a stranger's failures lock out only the stranger's
 * address, up to the account-wide cap.
 */
export class LoginLimiter {
  constructor(
    private readonly counters: AttemptCounters,
    /** QUEUE_PREFIX: portals sharing one Redis keep their counters apart. */
    private readonly keyPrefix: string,
    private readonly clock: () => number = Date.now,
  ) {}

  private keys(attempt: LoginAttempt) {
    // The namespaces differ ('address:' before 'account:'), so no username can name another counter.
    return {
      perAddress: `${this.keyPrefix}:login-attempts:address:${attempt.address}:account:${attempt.account}`,
      perAccount: `${this.keyPrefix}:login-attempts:account:${attempt.account}`,
    };
  }

  /** Takes one attempt before the password is checked: null when taken, else how long the lock-out lasts. */
  async reserve(attempt: LoginAttempt): Promise<{ lockedForMs: number } | null> {
    const keys = this.keys(attempt);
    const lockedForMs = await this.counters.take(
      [
        { key: keys.perAddress, ...loginLimits.perAddress },
        { key: keys.perAccount, ...loginLimits.perAccount },
      ],
      this.clock(),
    );
    return lockedForMs > 0 ? { lockedForMs } : null;
  }

  /** The password was right: this address starts over, and the account-wide count keeps failures only. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await this.counters.forget([keys.perAddress]);
    await this.counters.giveBack([keys.perAccount], this.clock());
  }

  /** No password was checked (the hashing queue was full, or a fault): the attempt counts nowhere. */
  async cancel(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await this.counters.giveBack([keys.perAddress, keys.perAccount], this.clock());
  }

  close(): Promise<void> {
    return this.counters.close();
  }
}

/** Counters on Redis when REDIS_URL is set, else in the portal's PostgreSQL database. */
export function createLoginLimiter(
  config: Pick<PortalConfig, 'redisUrl' | 'queuePrefix'>,
  pool: pg.Pool,
  clock?: () => number,
): LoginLimiter {
  return new LoginLimiter(
    createAttemptCounters(config, pool, 'login attempt counters'),
    config.queuePrefix,
    clock,
  );
}
