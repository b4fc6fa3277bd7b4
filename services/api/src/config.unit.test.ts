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

describe('PASSWORD_HASHING_CONCURRENCY', () => {
  const read = (value?: string) =>
    configFromEnv(
      { PASSWORD_HASHING_CONCURRENCY: value },
      { databaseUrl: 'postgres://unused', jwtSecret: 'unused', linkSecret: 'unused', uiDist: null },
    ).passwordHashingConcurrency;

  it('is 1 unless set, else the number given', () => {
    expect(read()).toBe(1);
    expect(read('')).toBe(1);
    expect(read('3')).toBe(3);
  });

  it.each(['0', '-1', '1.5', 'two'])('refuses %j', (value) => {
    expect(() => read(value)).toThrow('PASSWORD_HASHING_CONCURRENCY must be a whole number of 1 or more.');
  });
});
