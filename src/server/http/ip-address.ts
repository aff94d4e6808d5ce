/**
 * IP address reading shared by the rate limit (which client is this?) and the feed reader (may we
 * connect there?). Hand-written on top of `node:net` (isIP, BlockList): the few operations needed
 * do not justify a dependency, and each is tested against a table of addresses.
 */
import { BlockList, isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted quad converted). */
export function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array.from({ length: fill }, () => '0'), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? groups : null;
}

/** `a.b.c.d` from the last two groups of an IPv6 address. */
function lastTwoGroupsAsIPv4(groups: number[]): string {
  const [high, low] = [groups[6] as number, groups[7] as number];
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`), else null. */
export function mappedIPv4(groups: number[]): string | null {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff ? lastTwoGroupsAsIPv4(groups) : null;
}

/**
 * Addresses that are not on the public internet (IANA's special-purpose registries): this host,
 * private networks, carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), benchmarking,
 * documentation, multicast and reserved space.
 */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
// IPv6 is public only inside 2000::/3 (global unicast), minus what is reserved there: IETF protocol
// assignments (Teredo among them), documentation, 6to4 (which carries an IPv4 address of any kind).
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether an address is on the public internet. IPv4-mapped (`::ffff:a.b.c.d`) and NAT64
 * (`64:ff9b::a.b.c.d`, what an IPv6-only host's resolver returns for IPv4 sites) addresses are
 * judged by the IPv4 address they carry. Anything that is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const mapped = mappedIPv4(groups);
  if (mapped) return isPublicAddress(mapped);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (nat64) return isPublicAddress(lastTwoGroupsAsIPv4(groups));
  return globalUnicast.check(address, 'ipv6') && !nonPublic.check(address, 'ipv6');
}

/**
 * Whether an address is this machine's loopback (127.0.0.0/8, `::1`), as a socket reports it: a
 * dual-stack socket reports an IPv4 peer as `::ffff:127.0.0.1`.
 */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const mapped = mappedIPv4(groups);
  if (mapped) return isLoopbackAddress(mapped);
  return groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}
