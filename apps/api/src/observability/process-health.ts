import { type HealthServer, startHealthServer } from '@portal/observability';
import type { Infrastructure } from '../plugins/infrastructure';
import { type CheckName, readinessChecksFor } from './readiness-checks';

/**
 * The process's internal listener (METRICS_HOST:METRICS_PORT, loopback by default): /healthz,
 * /readyz with this process's own checks, and /metrics, which the public port does not serve.
 * Null when METRICS_PORT=0.
 */
export async function startProcessHealth(
  infra: Infrastructure,
  checks: readonly CheckName[],
): Promise<HealthServer | null> {
  const { metrics, metricsToken, readyCheckTimeoutMs } = infra.config;
  if (!metrics) return null;
  return startHealthServer({
    ...metrics,
    metricsToken,
    registry: infra.metrics.registry,
    checks: readinessChecksFor(infra, checks),
    checkTimeoutMs: readyCheckTimeoutMs,
  });
}
