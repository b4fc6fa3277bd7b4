import { configFromEnv, dataDirFromEnv, type PortalConfig, secretsFromEnv } from './config';
import { loadOrCreateSecrets } from './data-dir-secrets';
import { embeddedDatabaseUrl, embeddedPort } from './embedded-database';

/**
 * The settings of a process that joins a portal (`npm run worker`, `npm run projector`): DATABASE_URL, or
 * else the embedded PostgreSQL that `npm start` runs from the same DATA_DIR. `metricsPort` is the
 * process's own default, so it runs beside `npm start` on one machine.
 */
export function joiningProcessConfig(env: NodeJS.ProcessEnv, metricsPort: string): PortalConfig {
  const dataDir = dataDirFromEnv(env);
  const secrets = loadOrCreateSecrets(dataDir);
  const databaseUrl =
    env.DATABASE_URL ??
    embeddedDatabaseUrl({ port: embeddedPort(env, dataDir), password: secrets.embeddedPostgresPassword });
  return configFromEnv(
    { METRICS_PORT: metricsPort, ...env },
    { databaseUrl, ...secretsFromEnv(env, secrets), uiDist: null },
  );
}
