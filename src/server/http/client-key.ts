import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ipv6Groups, mappedIPv4 } from './ip-address.ts';

/**
 * The key a client is limited by: the socket's remote address, or, behind a trusted proxy, the
 * address that proxy recorded in X-Forwarded-For. The proxy appends the address it saw to the end
 * of the header, so that last hop is the one to believe; earlier entries come from the client and
 * could be forged to dodge the limit. The address is then reduced to what one client controls
 * (see `addressKey`).
 */
export function clientKey(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const value = Array.isArray(header) ? header.join(',') : header;
    if (value) {
      const hops = value
        .split(',')
        .map((hop) => hop.trim())
        .filter((hop) => hop.length > 0);
      const key = addressKey(hops[hops.length - 1] ?? '');
      if (key) return key;
    }
  }
  return addressKey(req.socket.remoteAddress ?? '') ?? 'unknown';
}

/**
 * One rate-limit bucket per client: an IPv4 address as it is, an IPv6 address by its /64 prefix
 * (an ISP hands each subscriber at least a /64, so one person can use 2^64 addresses).
 * IPv4-mapped IPv6 (`::ffff:192.0.2.7`, what a dual-stack socket reports for IPv4 clients) is
 * turned back into IPv4 first; otherwise every IPv4 client would share the prefix `::` and one
 * bucket. Also accepts the forms proxies write: `[2001:db8::1]:443`, `192.0.2.7:5000`, zone ids.
 * Returns null for anything that is not an IP address.
 */
export function addressKey(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1] as string;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.indexOf(':'));
  address = address.replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return null;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const mapped = mappedIPv4(groups);
  if (mapped) return mapped;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
