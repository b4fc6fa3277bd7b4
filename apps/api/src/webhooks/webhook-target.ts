import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { DomainError, webhookMessages } from '@portal/domain';

/**
 * Where a webhook may be sent (issue 33, "SSRF safety"). A URL's host is allow-listed only as written in
 * WEBHOOK_ALLOWED_HOSTS (a name that resolves to an allow-listed address is not); any other host must use
 * https and resolve only to public addresses, checked at registration and again by every send, which
 * connects to the very address it checked (no second resolution an attacker's DNS could answer otherwise).
 */
const refusedRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata address 169.254.169.254 among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refusedRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, AWS's metadata fd00:ec2::254 among them
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of IPv4 addresses
  ['2001:db8::', 32], // documentation
] as const)
  refusedRanges.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is. */
const ipv4MappedPrefix = '::ffff:';

export function isRefusedAddress(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower.startsWith(ipv4MappedPrefix) && isIP(lower.slice(ipv4MappedPrefix.length)) === 4)
    return refusedRanges.check(lower.slice(ipv4MappedPrefix.length), 'ipv4');
  const family = isIP(lower);
  if (family === 0) return true;
  return refusedRanges.check(lower, family === 4 ? 'ipv4' : 'ipv6');
}

interface WebhookTarget {
  url: URL;
  /** Allow-listed as written: http and private addresses are allowed. */
  allowListed: boolean;
}

const isAllowListed = (url: URL, allowedHosts: readonly string[]): boolean =>
  allowedHosts.includes(url.host.toLowerCase()) || allowedHosts.includes(url.hostname.toLowerCase());

/** The URL parsed and judged by its text alone: absolute, http(s), no credentials, https unless allow-listed. */
export function parseWebhookUrl(text: string, allowedHosts: readonly string[]): WebhookTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DomainError('validation', webhookMessages.urlInvalid, { url: webhookMessages.urlInvalid });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '')
    throw new DomainError('validation', webhookMessages.urlInvalid, { url: webhookMessages.urlInvalid });
  const allowListed = isAllowListed(url, allowedHosts);
  if (url.protocol === 'http:' && !allowListed)
    throw new DomainError('validation', webhookMessages.httpsRequired, {
      url: webhookMessages.httpsRequired,
    });
  return { url, allowListed };
}

/** The brackets of an IPv6 literal host are not part of its address. */
const addressHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The address to connect to: every address the host resolves to must be public (one private answer among
 * public ones refuses it too), unless the host is allow-listed. Throws a 400 DomainError otherwise.
 */
export async function resolveWebhookTarget(
  target: WebhookTarget,
): Promise<{ address: string; family: number }> {
  const host = addressHost(target.url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new DomainError('validation', webhookMessages.targetUnresolved, {
      url: webhookMessages.targetUnresolved,
    });
  }
  const first = addresses[0];
  if (!first)
    throw new DomainError('validation', webhookMessages.targetUnresolved, {
      url: webhookMessages.targetUnresolved,
    });
  if (!target.allowListed && addresses.some(({ address }) => isRefusedAddress(address)))
    throw new DomainError('validation', webhookMessages.targetRefused, {
      url: webhookMessages.targetRefused,
    });
  return first;
}
