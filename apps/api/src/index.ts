/** What other packages use of the API: a portal, its configuration, and shapes its answers have. */
export { configFromEnv, defaultSiteTimezone, defaultUiDist, type PortalConfig, repoRoot } from './config';
export { keepInOutbox } from './mail/outbox';
export { type RunningPortal, startPortal } from './portal';
export { liveScaleView } from './scales/live-scale-view';
export { provisionSimulatedScale, simulatedScaleName } from './scales/simulated-scale-provisioning';
export { siteDate } from './site-time';
export { versionedEvents } from './write-side/versioned-event-store';
