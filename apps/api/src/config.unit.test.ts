import { describe, expect, it } from 'vitest';
import { configFromEnv, type PortalConfig, trustProxyFromEnv } from './config';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['  ', false],
    ['false', false],
    ['true', true],
    ['TRUE', true],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1', ['10.0.0.0/8', '192.168.1.1', '::1']],
    ['fd00::/8,loopback', ['fd00::/8', 'loopback']],
  ])('reads %j as %j', (value, expected) => {
    expect(trustProxyFromEnv(value)).toEqual(expected);
  });

  it.each([
    'yes',
    '10.0.0.300',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.0/8/1',
    'proxy.internal',
    '1.2.3.4,,5.6.7.8',
    '-1',
  ])('refuses %j with a message naming the entry', (value) => {
    expect(() => trustProxyFromEnv(value)).toThrow(/^TRUST_PROXY: ".*" is not true, false, a number of hops/);
  });
});

/** The configuration read from `env` alone. */
const configOf = (env: Record<string, string | undefined>) =>
  configFromEnv(env, {
    databaseUrl: 'postgres://unused',
    jwtSecret: 'unused',
    linkSecret: 'unused',
    uiDist: null,
  });

/** Whole-number settings: the default when unset or empty, the least value taken, values given and refused. */
describe.each([
  {
    name: 'PASSWORD_HASHING_CONCURRENCY',
    read: (config: PortalConfig) => config.passwordHashingConcurrency,
    fallback: 1,
    minimum: 1,
    taken: ['1', '3'],
    refused: ['0', '-1', '1.5', 'two'],
  },
  // Fewer connections deadlock the portal (smallest-database-pool.int.test.ts).
  {
    name: 'DATABASE_POOL_MAX',
    read: (config: PortalConfig) => config.databasePoolMax,
    fallback: 10,
    minimum: 7,
    taken: ['7', '40'],
    refused: ['6', '0', '-1', '7.5', 'ten'],
  },
  // 0: never wait.
  {
    name: 'RUN_WAIT_SECONDS',
    read: (config: PortalConfig) => config.runWaitSeconds,
    fallback: 60,
    minimum: 0,
    taken: ['0', '5'],
    refused: ['-1', '0.5', 'soon'],
  },
])('$name', ({ name, read, fallback, minimum, taken, refused }) => {
  it(`is ${fallback} unless set, else the number given`, () => {
    expect(read(configOf({}))).toBe(fallback);
    expect(read(configOf({ [name]: '' }))).toBe(fallback);
    for (const value of taken) expect(read(configOf({ [name]: value }))).toBe(Number(value));
  });

  it.each(refused)('refuses %j', (value) => {
    expect(() => configOf({ [name]: value })).toThrow(
      `${name} must be a whole number of ${minimum} or more.`,
    );
  });
});

describe('health and metrics settings', () => {
  it('listen on loopback port 9461 unless set; METRICS_PORT=0 turns the listener off', () => {
    expect(configOf({}).metrics).toEqual({ host: '127.0.0.1', port: 9461 });
    expect(configOf({ METRICS_PORT: '9500', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9500,
    });
    expect(configOf({ METRICS_PORT: '0' }).metrics).toBeNull();
    expect(configOf({}).metricsToken).toBeNull();
    expect(configOf({ METRICS_TOKEN: 's3cret' }).metricsToken).toBe('s3cret');
  });

  it('refuses a port that is not one', () => {
    expect(() => configOf({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be at most 65535.');
    expect(() => configOf({ METRICS_PORT: 'x' })).toThrow(
      'METRICS_PORT must be a whole number of 0 or more.',
    );
  });

  it('bound readiness at 1000 events of projection lag and 2 s a check unless set', () => {
    expect(configOf({})).toMatchObject({ readyMaxProjectionLag: 1000, readyCheckTimeoutMs: 2000 });
    expect(configOf({ READY_MAX_PROJECTION_LAG: '0', READY_CHECK_TIMEOUT_MS: '500' })).toMatchObject({
      readyMaxProjectionLag: 0,
      readyCheckTimeoutMs: 500,
    });
    expect(() => configOf({ READY_CHECK_TIMEOUT_MS: '0' })).toThrow(
      'READY_CHECK_TIMEOUT_MS must be a whole number of 1 or more.',
    );
  });
});
