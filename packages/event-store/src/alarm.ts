/** A sleep that `ring()` ends early; a ring while awake makes the next sleep return at once. Both adapters' subscriptions use it. */
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

/** Hands a subscription's error to its handler; a throwing handler must not end the subscription (delivery would silently stop). */
export function reportSubscriptionError(
  onError: ((error: unknown) => void) | undefined,
  error: unknown,
): void {
  try {
    onError?.(error);
  } catch {
    // Swallowed on purpose: see above.
  }
}
