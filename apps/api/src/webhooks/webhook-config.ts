import { type Env, wholeNumberFromEnv } from '../config';

/** Webhook delivery settings (docs/integrations.md, "Retries"); tests shorten the delays. */
export interface WebhookConfig {
  /**
   * WEBHOOK_ALLOWED_HOSTS: hosts (or host:port) that may be reached over http and on private addresses,
   * compared with the URL as written (development and tests' loopback receivers). Empty by default.
   */
  allowedHosts: string[];
  /** The first retry's delay; each later one doubles, up to retryMaxMs, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A delivery failing for this long pauses its subscription and tells the administrators. */
  giveUpAfterMs: number;
  /** One request's whole time (connect, send, answer). */
  sendTimeoutMs: number;
  /** At most this much of an answer's body is read (and kept: 500 characters of it). */
  responseBodyLimitBytes: number;
  /** How long a rotated secret still signs beside the new one. */
  secretGraceMs: number;
  /** How often the relay looks for deliveries due. */
  relayIntervalMs: number;
}

export function webhookConfigFromEnv(env: Env): WebhookConfig {
  return {
    allowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
    retryBaseMs: wholeNumberFromEnv(env, 'WEBHOOK_RETRY_BASE_MS', 5000, 1),
    retryMaxMs: wholeNumberFromEnv(env, 'WEBHOOK_RETRY_MAX_MS', 3_600_000, 1),
    giveUpAfterMs: wholeNumberFromEnv(env, 'WEBHOOK_GIVE_UP_AFTER_MS', 24 * 3_600_000, 1),
    sendTimeoutMs: wholeNumberFromEnv(env, 'WEBHOOK_SEND_TIMEOUT_MS', 10_000, 100),
    responseBodyLimitBytes: wholeNumberFromEnv(env, 'WEBHOOK_RESPONSE_LIMIT_BYTES', 64 * 1024, 0),
    secretGraceMs: wholeNumberFromEnv(env, 'WEBHOOK_SECRET_GRACE_SECONDS', 24 * 3600, 0) * 1000,
    relayIntervalMs: wholeNumberFromEnv(env, 'WEBHOOK_RELAY_INTERVAL_MS', 200, 10),
  };
}
