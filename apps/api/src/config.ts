import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type DataDirSecrets, newSealKey, sealPublicKeyOf } from './data-dir-secrets';
import { type WebhookConfig, webhookConfigFromEnv } from './webhooks/webhook-config';

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
  /** Signs the seals (SEAL_KEY, or the data dir's): an Ed25519 private key, PKCS #8 DER in base64. */
  sealKey: string;
  /** The seal public keys verify trusts (raw, base64url): the current one's, the data dir's and SEAL_PUBLIC_KEYS. */
  sealPublicKeys: string[];
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
  /**
   * false (PROJECTIONS=off): this process never projects, it only reads the projections' checkpoints
   * (read-your-writes); `npm run projector` processes project. On (the default), one process projects at
   * a time and the others stand by to take over.
   */
  runProjections: boolean;
  /** false (SEALS=off): this process's workers take no hourly or end-of-day seal (test portals; on demand still works). */
  runSeals: boolean;
  /** How long a worker's hold on a job lasts before a dead worker's job is handed to another. */
  jobLockMs: number;
  /** A weigh-in or tare refuses a scale reading whose indicator frame is older than this. */
  scaleMaxReadingAgeMs: number;
  /** A scale disconnected or in error for longer than this is told to staff (a toast) and administrators (an e-mail). */
  scaleAlertAfterMs: number;
  /** Redis key prefix of the queues: portals sharing one Redis need different ones. */
  queuePrefix: string;
  /** Connections this process may open to PostgreSQL for events and read models. */
  databasePoolMax: number;
  /** The address users open (PUBLIC_URL); an https one turns on HSTS and upgrades insecure requests. */
  publicUrl: string | null;
  /** Which proxies' X-Forwarded-For names the client (Fastify's `trustProxy`); false: the socket's address. */
  trustProxy: TrustProxy;
  /** Password hashes (argon2id) this process computes at once; the others wait their turn. */
  passwordHashingConcurrency: number;
  /**
   * How long a client may take to send a whole request (headers and body); a trickled request is cut off
   * then (its answer takes as long as it needs). Headers alone get the third of it, 10 s at the most.
   */
  requestTimeoutMs: number;
  /** Connections the API's HTTP server holds at once; one more is closed as it arrives. */
  maxConnections: number;
  /**
   * Threads that build workbooks (downloads, exports, e-mailed reports) off the event loop; more at once
   * wait their turn, first come first served.
   */
  exportThreads: number;
  /**
   * How long a call that starts a bulk run (generate, bulk update, clear, receive) waits for it to
   * finish before answering 202 with the run's location instead; 0: it never waits.
   */
  runWaitSeconds: number;
  /** The external load-tracking system; without both, its features say it is not configured. */
  soilFlo: SoilFloConfig;
  /** Signed webhooks (docs/integrations.md). */
  webhooks: WebhookConfig;
  /**
   * The internal listener of /healthz, /readyz and /metrics (METRICS_HOST, METRICS_PORT; loopback by
   * default); null: METRICS_PORT=0, none. Port 0 here (not from the environment) means any free port.
   */
  metrics: { host: string; port: number } | null;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** /readyz fails when a projection is more than this many events behind the event store's head. */
  readyMaxProjectionLag: number;
  /** How long one readiness check may take before it counts as failed. */
  readyCheckTimeoutMs: number;
}

export interface SoilFloConfig {
  apiUrl: string | null;
  apiKey: string | null;
  /** Each call to SoilFLO gives up after this long. */
  timeoutMs: number;
  /** A receipt report is tried this many times (with doubling delays from retryMs) before it is failed. */
  receiptAttempts: number;
  receiptRetryMs: number;
}

/** Whether browsers reach the portal over HTTPS (directly or through a TLS-terminating proxy). */
export const servedOverHttps = (config: PortalConfig): boolean =>
  config.publicUrl?.startsWith('https://') ?? false;

/** false, true (every hop), or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | string[];

/**
 * The portal's root folder (the one holding the admin UI and the data folder): the nearest folder up
 * from this file whose package.json names the portal, so the same answer comes from the TypeScript
 * sources and from the compiled dist/server bundle.
 */
function portalRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'haulage-ticket-portal')
      return folder;
    if (path.dirname(folder) === folder) throw new Error(`No portal package.json above ${from}`);
  }
}

export const repoRoot = portalRoot(import.meta.dirname);

export const defaultUiDist = path.join(repoRoot, 'apps', 'admin-ui', 'dist');

/** The site's time zone unless SITE_TIMEZONE names another: its calendar day is the dashboard's today. */
export const defaultSiteTimezone = 'America/Toronto';

export type Env = Record<string, string | undefined>;

/** One core is left to the event loop (and PostgreSQL beside it): the machine's cores less one, at least one. */
const defaultExportThreads = Math.max(1, availableParallelism() - 1);

/**
 * The smallest DATABASE_POOL_MAX a process works with. It keeps 4 connections for good (the event,
 * session-change and webhook-due listeners, the projection lock), and a command holds more while its
 * events are projected: with one fewer than this, a ticket generate never finished (at 5 before the
 * webhook listener, and at 6 with it), and with 4 the portal never started.
 */
export const minimumDatabasePool = 7;

export const dataDirFromEnv = (env: Env): string => path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));

const optional = (value: string | undefined): string | null => (value && value.trim() !== '' ? value : null);

/** JWT_SECRET, LINK_SECRET and SEAL_KEY when set, otherwise the ones generated into the data dir. */
export const secretsFromEnv = (env: Env, generated: DataDirSecrets) => ({
  jwtSecret: optional(env.JWT_SECRET) ?? generated.jwtSecret,
  linkSecret: optional(env.LINK_SECRET) ?? generated.linkSecret,
  sealKey: optional(env.SEAL_KEY) ?? generated.sealKey,
  sealPublicKeys: generated.sealPublicKeys,
});

/**
 * The seal key (resolved, else SEAL_KEY, else a new one: a test's) and the public keys verify trusts: its own,
 * those kept in the data dir and SEAL_PUBLIC_KEYS' (comma-separated), each once.
 */
export function sealKeysFromEnv(env: Env, resolved: { sealKey?: string; sealPublicKeys?: string[] }) {
  const sealKey = resolved.sealKey ?? optional(env.SEAL_KEY) ?? newSealKey();
  const listed = (env.SEAL_PUBLIC_KEYS ?? '').split(',').map((key) => key.trim());
  const sealPublicKeys = [sealPublicKeyOf(sealKey), ...(resolved.sealPublicKeys ?? []), ...listed];
  return { sealKey, sealPublicKeys: [...new Set(sealPublicKeys.filter((key) => key !== ''))] };
}

// Named ranges proxy-addr (Fastify's trustProxy) understands.
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  if (namedRanges.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset, empty or `false` trusts no proxy, so a client cannot pick its own address with
 * X-Forwarded-For; `true` trusts every hop (only behind a proxy that overwrites the header); otherwise
 * a comma-separated list of the proxies' addresses and CIDR ranges. A number of hops is refused:
 * Fastify 5.12 ignores it (it cannot tell a proxy from a client connecting directly), which would
 * silently put every client behind the proxy's one address.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) {
    throw new Error(
      'TRUST_PROXY: a number of hops cannot tell a proxy from a client that connects directly; ' +
        "list the proxies' addresses or CIDR ranges (or true, behind a proxy that overwrites X-Forwarded-For).",
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.find((entry) => !isAddressOrRange(entry));
  if (invalid !== undefined) {
    throw new Error(
      `TRUST_PROXY: "${invalid}" is not true, false, a number of hops, an address or a CIDR range.`,
    );
  }
  return entries;
}

/** The whole number a variable names (its fallback when unset or blank); below its minimum, start-up stops. */
export function wholeNumberFromEnv(env: Env, name: string, fallback: number, minimum: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum)
    throw new Error(`${name} must be a whole number of ${minimum} or more.`);
  return number;
}

/** METRICS_PORT (default 9461 for the API; `npm run worker` defaults it to 9462); 0 turns the listener off. */
function metricsListenerFromEnv(env: Env): PortalConfig['metrics'] {
  const port = wholeNumberFromEnv(env, 'METRICS_PORT', 9461, 0);
  if (port > 65_535) throw new Error('METRICS_PORT must be at most 65535.');
  return port === 0 ? null : { host: optional(env.METRICS_HOST) ?? '127.0.0.1', port };
}

/** READY_MAX_PROJECTION_LAG (events, default 1000) and READY_CHECK_TIMEOUT_MS (default 2000). */
const readinessFromEnv = (env: Env) => {
  return {
    readyMaxProjectionLag: wholeNumberFromEnv(env, 'READY_MAX_PROJECTION_LAG', 1000, 0),
    readyCheckTimeoutMs: wholeNumberFromEnv(env, 'READY_CHECK_TIMEOUT_MS', 2000, 1),
  };
};

/** PORT and HOST: where the API and admin UI listen (every network interface unless HOST says otherwise). */
export const listenAddressFromEnv = (env: Env): { port: number; host: string } => ({
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '0.0.0.0',
});

/** Reads the settings that need no embedded services; `databaseUrl` and the secrets come resolved. */
export function configFromEnv(
  env: Env,
  resolved: {
    databaseUrl: string;
    jwtSecret: string;
    linkSecret: string;
    uiDist: string | null;
    sealKey?: string;
    sealPublicKeys?: string[];
  },
): PortalConfig {
  return {
    ...sealKeysFromEnv(env, resolved),
    ...listenAddressFromEnv(env),
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
    siteTimezone: env.SITE_TIMEZONE ?? defaultSiteTimezone,
    logLevel: env.LOG_LEVEL ?? 'info',
    runWorkers: env.WORKERS !== 'off',
    runProjections: env.PROJECTIONS !== 'off',
    runSeals: env.SEALS !== 'off',
    jobLockMs: Number(env.JOB_LOCK_MS ?? 30_000),
    queuePrefix: env.QUEUE_PREFIX ?? 'bull',
    databasePoolMax: wholeNumberFromEnv(env, 'DATABASE_POOL_MAX', 10, minimumDatabasePool),
    publicUrl: optional(env.PUBLIC_URL),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    passwordHashingConcurrency: wholeNumberFromEnv(env, 'PASSWORD_HASHING_CONCURRENCY', 1, 1),
    requestTimeoutMs: wholeNumberFromEnv(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000),
    maxConnections: wholeNumberFromEnv(env, 'MAX_CONNECTIONS', 1000, 1),
    exportThreads: wholeNumberFromEnv(env, 'EXPORT_THREADS', defaultExportThreads, 1),
    scaleMaxReadingAgeMs: wholeNumberFromEnv(env, 'SCALE_MAX_READING_AGE_MS', 1000, 1),
    scaleAlertAfterMs: wholeNumberFromEnv(env, 'SCALE_ALERT_AFTER_MS', 60_000, 1),
    runWaitSeconds: wholeNumberFromEnv(env, 'RUN_WAIT_SECONDS', 60, 0),
    metrics: metricsListenerFromEnv(env),
    metricsToken: optional(env.METRICS_TOKEN),
    ...readinessFromEnv(env),
    soilFlo: {
      apiUrl: optional(env.SOILFLO_API_URL),
      apiKey: optional(env.SOILFLO_API_KEY),
      timeoutMs: wholeNumberFromEnv(env, 'SOILFLO_TIMEOUT_MS', 5000, 1),
      receiptAttempts: wholeNumberFromEnv(env, 'SOILFLO_RECEIPT_ATTEMPTS', 12, 1),
      receiptRetryMs: wholeNumberFromEnv(env, 'SOILFLO_RECEIPT_RETRY_MS', 5000, 1),
    },
    webhooks: webhookConfigFromEnv(env),
  };
}
