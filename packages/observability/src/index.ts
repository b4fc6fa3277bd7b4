/** What every process (API, worker, projector, scale bridge) shares to serve /healthz, /readyz and /metrics. */
export { type HealthServer, type HealthServerOptions, startHealthServer } from './health-server';
export { NotReady, type Readiness, type ReadinessCheck, readiness, readinessProbe } from './readiness';
