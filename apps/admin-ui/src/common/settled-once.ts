/** A promise that says how it settled, as React's `use` reads it: with `use`, a settled one never suspends. */
type Settled<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * `load` called once, its promise shared by every caller and marked as it settles, so a component reading it
 * with `use` renders at once when it has been loaded before (a preloaded screen does not show a fallback,
 * which would hold its first paint back by React's 300 ms throttle on revealing suspended content). A
 * failed load stays failed, as React.lazy's does: a retry on every render would suspend for ever instead
 * of showing the error.
 */
export function settledOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Settled<T> | undefined;
  return () => {
    if (loading) return loading;
    const promise: Settled<T> = load();
    loading = promise;
    promise.status = 'pending';
    promise.then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
      },
    );
    return promise;
  };
}
