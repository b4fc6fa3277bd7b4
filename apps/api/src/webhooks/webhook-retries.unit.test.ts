import { describe, expect, it } from 'vitest';
import { webhookConfigFromEnv } from './webhook-config';
import { retryDelayMs } from './webhook-deliveries';
import { isRefusedAddress } from './webhook-target';

describe('the retry schedule', () => {
  const config = webhookConfigFromEnv({});

  it('doubles from 5 s up to an hour, a random half taken off', () => {
    const longest = (attempt: number) => retryDelayMs(config, attempt, () => 1);
    const shortest = (attempt: number) => retryDelayMs(config, attempt, () => 0);
    expect([1, 2, 3, 4, 10, 11, 30].map(longest)).toEqual([
      5000, 10_000, 20_000, 40_000, 2_560_000, 3_600_000, 3_600_000,
    ]);
    expect([1, 2, 11].map(shortest)).toEqual([2500, 5000, 1_800_000]);
  });

  it('gives up after 24 hours by default', () => {
    expect(config.giveUpAfterMs).toBe(24 * 3_600_000);
  });
});

describe('the addresses webhooks are never sent to', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('takes %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });
});
