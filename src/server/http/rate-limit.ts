import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { RateLimitDecision, SubmissionRateLimiter } from '../waitlist/submit.ts';
import { ipv6Groups, mappedIPv4 } from './ip-address.ts';

/** The limiter the waiting list needs (its port, declared by src/server/waitlist/submit.ts), plus a size. */
export interface RateLimiter extends SubmissionRateLimiter {
  /** Number of clients currently tracked (for tests and metrics). */
  size(): number;
}

export interface RateLimiterOptions {
  /** Attempts allowed per window and key; 0 (or less) turns limiting off. */
  limit: number;
  windowMs: number;
  /** Most clients tracked at once; the least recently seen are dropped past it. Default 10,000. */
  maxKeys?: number;
  now?: () => number;
}

const ALLOW: RateLimitDecision = { allowed: true, retryAfterSeconds: 0 };

/**
 * In-memory sliding-window limiter: each key keeps the times of its last `limit` counted attempts.
 * Memory is bounded: at most `limit` timestamps per key and at most `maxKeys` keys; keys whose
 * attempts have all left the window are pruned as the limiter is used.
 *
 * State is per process. With several server instances each one limits on its own.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { limit, windowMs } = options;
  const maxKeys = Math.max(1, options.maxKeys ?? 10_000);
  const now = options.now ?? Date.now;
  const hits = new Map<string, number[]>();
  let lastSweep = now();

  const live = (key: string, at: number): number[] | undefined => {
    const times = hits.get(key);
    if (!times) return undefined;
    while (times.length > 0 && (times[0] as number) <= at - windowMs) times.shift();
    if (times.length === 0) {
      hits.delete(key);
      return undefined;
    }
    return times;
  };

  const sweep = (at: number) => {
    if (at - lastSweep < Math.min(windowMs, 60_000)) return;
    lastSweep = at;
    for (const key of [...hits.keys()]) live(key, at);
  };

  const denied = (times: number[], at: number): RateLimitDecision => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(((times[0] as number) + windowMs - at) / 1000)),
  });

  function check(key: string): RateLimitDecision {
    if (limit <= 0) return ALLOW;
    const at = now();
    sweep(at);
    const times = live(key, at) ?? [];
    if (times.length >= limit) return denied(times, at);
    times.push(at);
    // Re-insert so the Map's order is least recently counted first, then enforce the key cap.
    hits.delete(key);
    hits.set(key, times);
    while (hits.size > maxKeys) {
      const oldest = hits.keys().next().value;
      if (oldest === undefined) break;
      hits.delete(oldest);
    }
    return ALLOW;
  }

  function peek(key: string): RateLimitDecision {
    if (limit <= 0) return ALLOW;
    const at = now();
    const times = live(key, at);
    return times && times.length >= limit ? denied(times, at) : ALLOW;
  }

  return {
    check: async (key) => check(key),
    peek: async (key) => peek(key),
    size() {
      return hits.size;
    },
  };
}

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
