/**
 * A sleep that `ring()` ends early; a ring while awake makes the next sleep return at once. The EventStoreDB
 * adapter's subscriptions use it; the PostgreSQL adapter keeps its own copy until its append work lands.
 */
export class Alarm {
  private rung = false;
  private stop: (() => void) | undefined;

  sleep(ms: number): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop?.(), ms);
      this.stop = () => {
        clearTimeout(timer);
        this.stop = undefined;
        resolve();
      };
    });
  }

  ring(): void {
    if (this.stop) this.stop();
    else this.rung = true;
  }
}
