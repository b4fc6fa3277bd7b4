import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One process's Prometheus metrics. A registry of its own, not prom-client's global one: tests run
 * several portals in one process, and each must count only its own requests.
 */
export interface PortalMetrics {
  registry: Registry;
  /** By method, the matched route's template (never the raw URL: unbounded) and status code. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Events appended, by stream category (`ticket`, `project`, …). */
  eventsAppended: Counter<'category'>;
  appendFailures: Counter<'reason'>;
  /** Bridge reports that carried a reading, per scale. */
  scaleReadings: Counter<'scale'>;
  /** Bridge reports of a scale in error or disconnected, per scale and status. */
  scaleErrors: Counter<'scale' | 'status'>;
  /** Bridge reports refused, per scale and reason: a reading time off the clock, or a weight off the scale. */
  scaleReportsRefused: Counter<'scale' | 'reason'>;
  /** Failed job attempts seen by this process's workers, per queue. */
  jobFailures: Counter<'queue'>;
  /** Signed-in users looked up by the authentication hook: from the cache, or from the read model. */
  sessionUserLookups: Counter<'source'>;
}

export function createPortalMetrics(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration, by method, route template and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    eventsAppended: new Counter({
      name: 'portal_events_appended_total',
      help: 'Events appended to the event store by this process, by stream category',
      labelNames: ['category'],
      registers,
    }),
    appendFailures: new Counter({
      name: 'portal_event_append_failures_total',
      help: 'Appends that failed: conflict (a lost optimistic-concurrency race) or error',
      labelNames: ['reason'],
      registers,
    }),
    scaleReadings: new Counter({
      name: 'portal_scale_readings_total',
      help: 'Scale bridge reports received with a reading, per scale id',
      labelNames: ['scale'],
      registers,
    }),
    scaleErrors: new Counter({
      name: 'portal_scale_errors_total',
      help: 'Scale bridge reports of a scale in error or disconnected, per scale id and status',
      labelNames: ['scale', 'status'],
      registers,
    }),
    scaleReportsRefused: new Counter({
      name: 'portal_scale_reports_refused_total',
      help: 'Scale bridge reports refused, per scale id and reason (clock: readAt too far from the server clock; weight: off the scale)',
      labelNames: ['scale', 'reason'],
      registers,
    }),
    jobFailures: new Counter({
      name: 'portal_queue_job_failures_total',
      help: "Failed job attempts in this process's workers, per queue",
      labelNames: ['queue'],
      registers,
    }),
    sessionUserLookups: new Counter({
      name: 'portal_session_user_lookups_total',
      help: 'Signed-in users looked up for a request, by source: cached, or loaded from the read model',
      labelNames: ['source'],
      registers,
    }),
  };
}

/** How long a scrape waits for one source (the database, the queue backend) before leaving it out. */
const scrapeTimeoutMs = 2000;

const withinScrapeTime = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timed out')), scrapeTimeoutMs).unref(),
    ),
  ]);

type JobState = 'waiting' | 'active' | 'delayed' | 'failed';
const jobStates: JobState[] = ['waiting', 'active', 'delayed', 'failed'];

/**
 * Gauges read at each scrape: projection lag (per projection) and queue depth (per queue and state).
 * A source that does not answer is left out of that scrape (its series go absent), never guessed.
 */
export function observeOnScrape(
  metrics: PortalMetrics,
  sources: {
    projectionLags(): Promise<Map<string, number>>;
    queueNames: readonly string[];
    jobCounts(queue: string): Promise<Record<string, number>>;
  },
): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'portal_projection_lag_events',
    help: "Events between the event store's head and the projection's checkpoint",
    labelNames: ['projection'],
    registers,
    async collect() {
      this.reset();
      const lags = await withinScrapeTime(sources.projectionLags()).catch(() => null);
      for (const [projection, lag] of lags ?? []) this.set({ projection }, lag);
    },
  });
  new Gauge({
    name: 'portal_queue_jobs',
    help: 'Jobs in the queue by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      await Promise.all(
        sources.queueNames.map(async (queue) => {
          const counts = await withinScrapeTime(sources.jobCounts(queue)).catch(() => null);
          if (counts) for (const state of jobStates) this.set({ queue, state }, counts[state] ?? 0);
        }),
      );
    },
  });
}
