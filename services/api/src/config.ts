import path from 'node:path';
import type { DataDirSecrets } from './data-dir-secrets';

/** Everything the portal reads from its environment (README, "Configuration"). */
export interface PortalConfig {
  port: number;
  host: string;
  /** PostgreSQL for events (default adapter), read models and, without Redis, the job queues. */
  databaseUrl: string;
  redisUrl: string | null;
  eventStoreUrl: string | null;
  jwtSecret: string;
  /** Keys the public ticket links' hashes (never the session secret: one leaking does not give the other). */
  linkSecret: string;
  /** Session length (spec: a login is valid until the token's expiry). */
  jwtExpiresInSeconds: number;
  adminEmail: string | null;
  adminPassword: string | null;
  smtpUrl: string | null;
  dataDir: string;
  /** Built admin UI to serve; null when the UI is not built (API only). */
  uiDist: string | null;
  siteTimezone: string;
  logLevel: string;
  /** false (WORKERS=off): this API process runs no queue workers; `npm run worker` processes do. */
  runWorkers: boolean;
  /** How long a worker's hold on a job lasts before a dead worker's job is handed to another. */
  jobLockMs: number;
  /** Redis key prefix of the queues: portals sharing one Redis need different ones. */
  queuePrefix: string;
  /** Connections this process may open to PostgreSQL for events and read models. */
  databasePoolMax: number;
  /** The address users open (PUBLIC_URL); an https one turns on HSTS and upgrades insecure requests. */
  publicUrl: string | null;
}

/** Whether browsers reach the portal over HTTPS (directly or through a TLS-terminating proxy). */
export const servedOverHttps = (config: PortalConfig): boolean =>
  config.publicUrl?.startsWith('https://') ?? false;

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const defaultUiDist = path.join(repoRoot, 'admin-ui', 'dist');

type Env = Record<string, string | undefined>;

export const dataDirFromEnv = (env: Env): string => path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));

const optional = (value: string | undefined): string | null => (value && value.trim() !== '' ? value : null);

/** JWT_SECRET and LINK_SECRET when set, otherwise the ones generated into the data dir. */
export const secretsFromEnv = (env: Env, generated: DataDirSecrets) => ({
  jwtSecret: optional(env.JWT_SECRET) ?? generated.jwtSecret,
  linkSecret: optional(env.LINK_SECRET) ?? generated.linkSecret,
});

/** Reads the settings that need no embedded services; `databaseUrl` and the secrets come resolved. */
export function configFromEnv(
  env: Env,
  resolved: { databaseUrl: string; jwtSecret: string; linkSecret: string; uiDist: string | null },
): PortalConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: resolved.databaseUrl,
    redisUrl: optional(env.REDIS_URL),
    eventStoreUrl: optional(env.EVENTSTORE_URL),
    jwtSecret: resolved.jwtSecret,
    linkSecret: resolved.linkSecret,
    jwtExpiresInSeconds: Number(env.JWT_EXPIRES_IN_SECONDS ?? 8 * 3600),
    adminEmail: optional(env.ADMIN_EMAIL),
    adminPassword: optional(env.ADMIN_PASSWORD),
    smtpUrl: optional(env.SMTP_URL),
    dataDir: dataDirFromEnv(env),
    uiDist: resolved.uiDist,
    siteTimezone: env.SITE_TIMEZONE ?? 'America/Toronto',
    logLevel: env.LOG_LEVEL ?? 'info',
    runWorkers: env.WORKERS !== 'off',
    jobLockMs: Number(env.JOB_LOCK_MS ?? 30_000),
    queuePrefix: env.QUEUE_PREFIX ?? 'bull',
    databasePoolMax: Number(env.DATABASE_POOL_MAX ?? 10),
    publicUrl: optional(env.PUBLIC_URL),
  };
}
