import { describe, expect, it } from 'vitest';
import { configFromEnv, trustProxyFromEnv } from './config';

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

describe('PASSWORD_HASHING_CONCURRENCY', () => {
  const read = (value?: string) =>
    configOf({ PASSWORD_HASHING_CONCURRENCY: value }).passwordHashingConcurrency;

  it('is 1 unless set, else the number given', () => {
    expect(read()).toBe(1);
    expect(read('')).toBe(1);
    expect(read('3')).toBe(3);
  });

  it.each(['0', '-1', '1.5', 'two'])('refuses %j', (value) => {
    expect(() => read(value)).toThrow('PASSWORD_HASHING_CONCURRENCY must be a whole number of 1 or more.');
  });
});

describe('RUN_WAIT_SECONDS', () => {
  const read = (value?: string) => configOf({ RUN_WAIT_SECONDS: value }).runWaitSeconds;

  it('is 60 unless set; 0 (never wait) is allowed', () => {
    expect(read()).toBe(60);
    expect(read('')).toBe(60);
    expect(read('0')).toBe(0);
    expect(read('5')).toBe(5);
  });

  it.each(['-1', '0.5', 'soon'])('refuses %j', (value) => {
    expect(() => read(value)).toThrow('RUN_WAIT_SECONDS must be a whole number of 0 or more.');
  });
});
