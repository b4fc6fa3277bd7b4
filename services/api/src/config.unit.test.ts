import { describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from './config';

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
