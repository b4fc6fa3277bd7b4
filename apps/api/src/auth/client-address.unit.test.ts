import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not an address', 'unknown'],
    ['', 'unknown'],
  ])('keys %j as %j', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('puts every address of one IPv6 /64 under one key, and a neighbouring /64 under another', () => {
    expect(clientAddressKey('2001:db8:aa:bb::1')).toBe(clientAddressKey('2001:db8:aa:bb:ffff:1:2:3'));
    expect(clientAddressKey('2001:db8:aa:bc::1')).not.toBe(clientAddressKey('2001:db8:aa:bb::1'));
  });
});
