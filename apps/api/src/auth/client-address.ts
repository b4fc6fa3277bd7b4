import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address ('::' expanded, an embedded IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const [withoutZone = ''] = address.split('%');
  const [head = '', tail] = withoutZone.split('::');
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The address logins are counted and queued under. IPv4 as it is; IPv6 by its /64 network, because
 * one subscriber gets a whole /64 and counting single addresses would give an attacker 2^64 fresh
 * starts; an IPv4-mapped IPv6 address as its IPv4 address. Anything else (only a trusted proxy's
 * header can give it) is 'unknown', so no header can make a key of arbitrary text.
 */
export function clientAddressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return 'unknown';
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
