import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import { Agent, buildConnector, type Dispatcher, fetch as undiciFetch } from 'undici';
import { isPublicAddress } from '../http/ip-address.ts';
import { FeedError, feedError } from './feed-error.ts';

/** What the reader needs of a fetch answer (the global fetch's and undici's both fit). */
export interface FeedResponse {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

export type FeedFetch = (
  url: string,
  init: { signal: AbortSignal; redirect: 'manual'; headers: Record<string, string>; dispatcher?: Dispatcher },
) => Promise<FeedResponse>;

export interface FetchFeedOptions {
  /** Whole request budget, redirects, headers and body together. */
  timeoutMs: number;
  /** The body is abandoned as soon as it passes this many bytes. */
  maxBytes: number;
  /** Redirects followed at most (each one checked like the first address). Default 3. */
  maxRedirects?: number;
  /**
   * POV_FEED_ALLOW_PRIVATE: lets the reader connect to loopback and private addresses. Only for
   * tests and local fixture feeds, which run on 127.0.0.1.
   */
  allowPrivateAddresses?: boolean;
  /** Which connected addresses are acceptable. Default: public ones only (any with allowPrivateAddresses). */
  isAllowedAddress?: (address: string) => boolean;
  /** The DNS lookup connections use (node:dns's by default); tests stub it so no traffic leaves 127.0.0.1. */
  lookup?: LookupFunction;
  /** Injected in tests; undici's fetch, over a dispatcher that checks addresses, otherwise. */
  fetchImpl?: FeedFetch;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';
const USER_AGENT = 'HumanwiseSite/1.0 (Point of View feed reader)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A connection the feed reader refused to make: the address is not on the public internet. */
class RefusedAddressError extends Error {
  constructor(hostname: string, address: string | undefined) {
    super(
      `refused to connect to ${hostname}${address && address !== hostname ? ` (${address})` : ''}: not a public address`,
    );
    this.name = 'RefusedAddressError';
  }
}

/**
 * Wraps a DNS lookup so that a name resolving to any address we may not connect to fails instead
 * of connecting. This is the lookup the connection itself makes, so the address checked is the
 * address used: no second lookup for a rebinding DNS server to answer differently.
 */
function guardedLookup(base: LookupFunction, allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, result, family) => {
      if (error) return callback(error, '', 0);
      const addresses = Array.isArray(result) ? result : [{ address: result, family: family ?? 0 }];
      const refused = addresses.find((entry) => !allowed(entry.address));
      if (refused || addresses.length === 0) {
        const failure = Object.assign(new RefusedAddressError(hostname, refused?.address), { code: 'EADDRREFUSED' });
        return callback(failure as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      const [chosen] = addresses;
      callback(null, chosen?.address ?? '', chosen?.family ?? 4);
    });
  };
}

/**
 * An undici dispatcher whose connections may only reach allowed addresses: names are checked in
 * the connection's DNS lookup, address literals (where no lookup happens) before connecting, and
 * the socket's remote address once connected.
 */
function guardedDispatcher(allowed: (address: string) => boolean, lookup: LookupFunction): Agent {
  const connect = buildConnector({ lookup: guardedLookup(lookup, allowed) });
  return new Agent({
    connect: (options, callback) => {
      const literal = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(literal) && !allowed(literal)) return callback(new RefusedAddressError(literal, literal), null);
      connect(options, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no socket'), null);
        const remote = socket.remoteAddress;
        if (!remote || !allowed(remote)) {
          socket.destroy();
          return callback(new RefusedAddressError(options.hostname, remote), null);
        }
        callback(null, socket);
      });
    },
  });
}

function refusedAddress(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 8; depth += 1) {
    if (cause instanceof RefusedAddressError) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Fetches the Point of View feed and returns its text, following at most `maxRedirects` redirects
 * itself (http and https only), every hop checked like the first: the server must never be
 * turned into a way to read addresses visitors cannot reach (loopback, private networks, the
 * cloud's metadata service), since the feed's content is shown publicly.
 * Every failure is a FeedError whose message can be shown to visitors:
 * timeout, non-2xx answer, body larger than `maxBytes`, a refused address or redirect, or a
 * network failure.
 */
export async function fetchFeedText(url: string, opts: FetchFeedOptions): Promise<string> {
  const { bytes, contentType } = await fetchPublic(url, opts, ACCEPT);
  return decode(bytes, contentType);
}

/**
 * The reader behind fetchFeedText, for anything the feed names (its articles' images too): the
 * same address checks on every hop, deadline and size limit. Returns the body's bytes.
 */
export async function fetchPublic(
  url: string,
  opts: FetchFeedOptions,
  accept: string,
): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const allowed = opts.isAllowedAddress ?? (opts.allowPrivateAddresses ? () => true : isPublicAddress);
  const dispatcher = opts.fetchImpl
    ? undefined
    : guardedDispatcher(allowed, opts.lookup ?? (dnsLookup as LookupFunction));
  const fetchImpl = opts.fetchImpl ?? (undiciFetch as unknown as FeedFetch);
  const maxRedirects = opts.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const failure = (error: unknown): FeedError => {
    if (error instanceof FeedError) return error;
    if (refusedAddress(error)) return feedError('refused', error);
    return signal.aborted ? feedError('timeout', error) : feedError('unreachable', error);
  };

  try {
    let address = new URL(url);
    let response: FeedResponse;
    for (let redirects = 0; ; redirects += 1) {
      if (address.protocol !== 'http:' && address.protocol !== 'https:') {
        throw feedError('refused', new Error(`not an http(s) address: ${address.protocol}`));
      }
      try {
        response = await fetchImpl(address.href, {
          signal,
          redirect: 'manual',
          headers: { accept, 'user-agent': USER_AGENT },
          ...(dispatcher ? { dispatcher } : {}),
        });
      } catch (error) {
        throw failure(error);
      }
      if (!REDIRECT_STATUSES.has(response.status)) break;
      const location = response.headers.get('location');
      await discard(response);
      if (!location) throw feedError('http', new Error(`HTTP ${response.status} without a Location`));
      if (redirects >= maxRedirects) throw feedError('redirects', new Error(`more than ${maxRedirects} redirects`));
      try {
        address = new URL(location, address);
      } catch (error) {
        throw feedError('http', error);
      }
    }

    if (!response.ok) {
      await discard(response);
      throw feedError('http', new Error(`HTTP ${response.status}`));
    }

    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > opts.maxBytes) {
      await discard(response);
      throw feedError('too_large', new Error(`content-length ${declared}`));
    }

    let bytes: Uint8Array;
    try {
      bytes = await readLimited(response, opts.maxBytes, signal);
    } catch (error) {
      throw failure(error);
    }
    return { bytes, contentType: response.headers.get('content-type') };
  } finally {
    dispatcher?.destroy().catch(() => {});
  }
}

/** Reads the body as a stream, cancelling it as soon as it passes `maxBytes`. */
async function readLimited(response: FeedResponse, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  // A fetch implementation that ignores the signal while streaming must still stop at the deadline.
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});

  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw feedError('too_large', new Error(`body passed ${maxBytes} bytes`));
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }

  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function discard(response: FeedResponse): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to do: the body is not needed.
  }
}

/**
 * Decodes the body with the charset from the Content-Type header, else the XML declaration's
 * encoding, else UTF-8. A byte-order mark is honoured by TextDecoder.
 */
function decode(bytes: Uint8Array, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
  const fromDeclaration = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  for (const label of [fromHeader, fromDeclaration]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // Unknown label: try the next source.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}
