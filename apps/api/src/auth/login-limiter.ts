import { loginLimits } from '@portal/contract';
import type pg from 'pg';
import type { PortalConfig } from '../config';
import { type AttemptCounters, createAttemptCounters } from './attempt-counters';

/**
 * A login attempt as it is counted: the lower-cased username (known or not), the client's address key, and
 * the id of the known device it comes from (a device cookie of this account), if any.
 */
interface LoginAttempt {
  account: string;
  address: string;
  device?: string | null;
}

/**
 * Counts logins in counters every API process shares. From a device the account knows: per device only.
 * From any other: per account and client address, per account across addresses, and per address across
 * accounts (spraying). An attempt is reserved before its password is checked, so a burst of concurrent
 * guesses gets no more checks than the limit; strangers' failures lock out the strangers' addresses and,
 * at the account-wide cap, unknown devices, never a device the account knows.
 */
export class LoginLimiter {
  constructor(
    private readonly counters: {
      strangers: AttemptCounters;
      /** Known devices count apart, so a strangers' flood queued on the first cannot hold them up. */
      knownDevices: AttemptCounters;
    },
    /** QUEUE_PREFIX: portals sharing one Redis keep their counters apart. */
    private readonly keyPrefix: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The counters an attempt takes, each with its limit; the namespaces differ, so no username names another. */
  private limits(attempt: LoginAttempt) {
    const prefix = `${this.keyPrefix}:login-attempts`;
    if (attempt.device)
      return {
        perKnownDevice: {
          key: `${prefix}:device:${attempt.device}:account:${attempt.account}`,
          ...loginLimits.perKnownDevice,
        },
      };
    return {
      perAddress: {
        key: `${prefix}:address:${attempt.address}:account:${attempt.account}`,
        ...loginLimits.perAddress,
      },
      perAccount: { key: `${prefix}:account:${attempt.account}`, ...loginLimits.perAccount },
      perAddressAcrossAccounts: {
        key: `${prefix}:address-any-account:${attempt.address}`,
        ...loginLimits.perAddressAcrossAccounts,
      },
    };
  }

  private keys(attempt: LoginAttempt): string[] {
    return Object.values(this.limits(attempt)).map((limit) => limit.key);
  }

  private countersOf(attempt: LoginAttempt): AttemptCounters {
    return attempt.device ? this.counters.knownDevices : this.counters.strangers;
  }

  /** Takes one attempt before the password is checked: null when taken, else how long the lock-out lasts. */
  async reserve(attempt: LoginAttempt): Promise<{ lockedForMs: number } | null> {
    const lockedForMs = await this.countersOf(attempt).take(
      Object.values(this.limits(attempt)),
      this.clock(),
    );
    return lockedForMs > 0 ? { lockedForMs } : null;
  }

  /**
   * The password was right: this device or this address starts over on the account; the wider counts
   * (the account's, the address's across accounts) keep failures only.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const [own, ...wider] = this.keys(attempt);
    const counters = this.countersOf(attempt);
    if (own) await counters.forget([own]);
    if (wider.length > 0) await counters.giveBack(wider, this.clock());
  }

  /** No password was checked (the hashing queue was full, or a fault): the attempt counts nowhere. */
  async cancel(attempt: LoginAttempt): Promise<void> {
    await this.countersOf(attempt).giveBack(this.keys(attempt), this.clock());
  }

  async close(): Promise<void> {
    await this.counters.strangers.close();
    await this.counters.knownDevices.close();
  }
}

/**
 * Counters on Redis when REDIS_URL is set, else in the portal's PostgreSQL database: known devices on
 * a connection of their own either way.
 */
export function createLoginLimiter(
  config: Pick<PortalConfig, 'redisUrl' | 'queuePrefix'>,
  pools: { strangers: pg.Pool; knownDevices: pg.Pool },
  clock?: () => number,
): LoginLimiter {
  return new LoginLimiter(
    {
      strangers: createAttemptCounters(config, pools.strangers, 'login attempt counters'),
      knownDevices: createAttemptCounters(config, pools.knownDevices, 'known device login counters'),
    },
    config.queuePrefix,
    clock,
  );
}
