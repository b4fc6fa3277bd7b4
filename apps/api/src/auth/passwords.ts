import { DomainError } from '@portal/domain';
import argon2 from 'argon2';
import { FairQueue } from './fair-queue';

export const passwordHashingBusyMessage = 'Too many password checks in progress. Try again in a moment.';

/**
 * Verified against for unknown usernames, so a failed login costs the same time either way: argon2id
 * of a random secret nobody kept, with the parameters `hash` uses (a unit test holds them equal).
 */
export const decoyHash =
  '$argon2id$v=19$m=47104,p=1,t=1$PFhb1R69tGwdsO9k3k7Ccg$RbrVScYoRiLwz09vcfdqeEdPWi0EL+mUDO4PF8N6CkE';

/**
 * OWASP's first argon2id setting (46 MiB, 1 pass, 1 lane; the Password Storage Cheat Sheet holds it as
 * strong as its others). The library's defaults (64 MiB, 3 passes, 4 lanes) cost four times the CPU:
 * on two shared cores a login waited 3.5 s for them (issue 34, item 10). A hash keeps the settings it
 * was made with, so older hashes still verify.
 */
const hashSettings = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

/**
 * Administrators saving users' passwords take turns with the login addresses as one client of their
 * own. They are signed in, so only the queue's total bounds them, not an address's share.
 */
const passwordChanges = 'password changes';

/**
 * Every argon2id hash and verification of the process, on one bounded queue that takes turns between
 * client addresses: an address flooding the login cannot hold back another address's login by more
 * than one check, and what waits is bounded (8 per address, 64 in all; beyond, a 429). Concurrency
 * defaults to 1: each check takes ~46 MiB and ~0.05 s of a core, there are two cores, and argon2 runs
 * on libuv's 4-thread pool, which static files and DNS lookups share.
 */
export class PasswordHashing {
  private readonly queue: FairQueue;
  /**
   * Known devices' checks (a device cookie of the account) wait on a budget of their own, so a flood of
   * strangers' logins from many addresses, which fills the shared queue, cannot refuse them.
   */
  private readonly knownDevicesQueue: FairQueue;
  private checks = 0;

  constructor(options: { concurrency: number }) {
    const refusal = () => new DomainError('throttled', passwordHashingBusyMessage);
    this.queue = new FairQueue({
      concurrency: options.concurrency,
      perClientLimit: 8,
      totalLimit: 64,
      refusal,
    });
    this.knownDevicesQueue = new FairQueue({ concurrency: 1, perClientLimit: 2, totalLimit: 16, refusal });
  }

  /** Password verifications run so far, decoys included (what the login limits bound). */
  get checksPerformed(): number {
    return this.checks;
  }

  /** argon2id with OWASP's settings (hashSettings). */
  hash(password: string): Promise<string> {
    return this.queue.run(
      passwordChanges,
      () => argon2.hash(password, hashSettings),
      Number.POSITIVE_INFINITY,
    );
  }

  /**
   * True when `password` matches `hash`; null (an unknown user) is checked against the decoy, and false.
   * `client` takes turns with the others of its budget: a client address, or a known device's id.
   */
  verify(
    hash: string | null,
    password: string,
    client: { address: string; device?: string | null },
  ): Promise<boolean> {
    const [queue, turn] = client.device
      ? [this.knownDevicesQueue, client.device]
      : [this.queue, client.address];
    return queue.run(turn, async () => {
      this.checks++;
      const matches = await argon2.verify(hash ?? decoyHash, password).catch(() => false);
      return hash !== null && matches;
    });
  }
}
