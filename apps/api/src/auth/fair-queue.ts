export interface FairQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks one client may have waiting or running (unless `run` says otherwise); beyond it `run` refuses at once. */
  perClientLimit: number;
  /** Tasks all clients together may have waiting or running. */
  totalLimit: number;
  /** The error a refused task rejects with. */
  refusal: () => Error;
}

/**
 * Runs tasks a few at a time, taking turns between clients: a client with many tasks waiting delays
 * another client's next task by at most one of its own. Each turn goes to the client that has waited
 * longest; the client just served queues again behind those that arrived while it was served.
 */
export class FairQueue {
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly turns: string[] = [];
  private readonly held = new Map<string, number>();
  private lastServed: string | null = null;
  private heldTotal = 0;
  private running = 0;

  constructor(private readonly options: FairQueueOptions) {}

  run<T>(client: string, task: () => Promise<T>, perClientLimit = this.options.perClientLimit): Promise<T> {
    const heldByClient = this.held.get(client) ?? 0;
    if (heldByClient >= perClientLimit || this.heldTotal >= this.options.totalLimit) {
      return Promise.reject(this.options.refusal());
    }
    this.held.set(client, heldByClient + 1);
    this.heldTotal++;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.release(client);
            this.dispatch();
          });
      };
      const queue = this.waiting.get(client);
      if (queue) queue.push(start);
      else {
        this.waiting.set(client, [start]);
        if (client !== this.lastServed) this.turns.push(client);
      }
      this.dispatch();
    });
  }

  private release(client: string): void {
    const left = (this.held.get(client) ?? 1) - 1;
    if (left === 0) this.held.delete(client);
    else this.held.set(client, left);
    this.heldTotal--;
  }

  private dispatch(): void {
    while (this.running < this.options.concurrency) {
      // The client served last takes its place behind everyone who came in meanwhile.
      if (this.lastServed !== null && this.waiting.has(this.lastServed)) this.turns.push(this.lastServed);
      this.lastServed = null;
      const client = this.turns.shift();
      if (client === undefined) return;
      const queue = this.waiting.get(client) ?? [];
      const start = queue.shift();
      if (queue.length === 0) this.waiting.delete(client);
      this.lastServed = client;
      start?.();
    }
  }
}
