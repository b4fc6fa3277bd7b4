/**
 * A long walk over the events' progress for the operator: `onProgress` prints at most a line a second
 * on stderr ('Rebuilding: 12,000 events so far (3,000 events/s)'), `took` ends the last line.
 */
export function eventProgress(doing: string) {
  const started = performance.now();
  let lastLine = started;
  const rate = (events: number) =>
    Math.round(events / ((performance.now() - started) / 1000)).toLocaleString('en');
  return {
    onProgress(events: number) {
      if (performance.now() - lastLine < 1000) return;
      lastLine = performance.now();
      console.error(`${doing}: ${events.toLocaleString('en')} events so far (${rate(events)} events/s)`);
    },
    /** '1234 ms (3,000 events/s)': the time since the start and the rate over it. */
    took: (events: number) => `${Math.round(performance.now() - started)} ms (${rate(events)} events/s)`,
  };
}
