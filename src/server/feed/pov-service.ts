import type { FeedArticle, PovResponse } from '../../lib/pov/types.ts';
import { FeedError } from './feed-error.ts';
import { type FetchFeedOptions, fetchFeedText } from './fetch-feed.ts';
import { parseFeed } from './parse-feed.ts';
import type { Thumbnails } from './thumbnails.ts';

export interface PovServiceOptions {
  /** The configured feed address (site config); never taken from a request. */
  feedUrl: string;
  /** How long a good copy is served without asking the feed again. Default 15 minutes. */
  cacheTtlMs?: number;
  /** How long the last good copy may stand in while the feed fails. Default 24 hours. */
  staleTtlMs?: number;
  /** Default 5 seconds. */
  timeoutMs?: number;
  /** Default 2 MB. */
  maxBytes?: number;
  /**
   * After a failed fetch, requests within this window are answered from what we have (the stale
   * copy or the error) instead of asking the failing feed again. Default 30 seconds.
   */
  retryAfterFailureMs?: number;
  /** POV_FEED_ALLOW_PRIVATE: allow loopback and private feed addresses (tests, local fixtures only). */
  allowPrivateAddresses?: boolean;
  /** Connection checks and DNS, passed to the reader; injected in tests. */
  isAllowedAddress?: FetchFeedOptions['isAllowedAddress'];
  lookup?: FetchFeedOptions['lookup'];
  fetchImpl?: FetchFeedOptions['fetchImpl'];
  now?: () => number;
  /** Serves the articles' images from our origin (their addresses are replaced by ours). */
  thumbnails?: Thumbnails;
  /** Structured events (no personal data). Default: none. */
  log?: (event: Record<string, unknown>) => void;
  /** Told of each fetch from the blog host and whether it gave a good copy (the operator's metrics). */
  onFetch?: (outcome: 'ok' | 'error') => void;
}

export interface PovService {
  get(): Promise<PovResponse>;
  /**
   * The articles a page can show without waiting for the blog host: the good copy while it may be
   * served (up to `staleTtlMs` old), else nothing. When there is no fresh copy, a refresh starts in
   * the background under `get()`'s rules, so a later page has one. Never throws.
   */
  cached(): FeedArticle[] | undefined;
}

const POV_DEFAULTS = {
  cacheTtlMs: 15 * 60_000,
  staleTtlMs: 24 * 60 * 60_000,
  timeoutMs: 5_000,
  maxBytes: 2 * 1024 * 1024,
  retryAfterFailureMs: 30_000,
} as const;

const UNEXPECTED_MESSAGE = 'The blog feed could not be loaded.';

interface GoodCopy {
  items: FeedArticle[];
  fetchedAt: number;
}

interface LastFailure {
  message: string;
  at: number;
}

/**
 * The Point of View feed behind GET /api/pov: fetches and parses the configured feed, caches the
 * result, lets concurrent requests share one upstream fetch, and keeps serving the last good copy
 * while the feed fails, for up to `staleTtlMs`. Items are returned in feed order (the page orders
 * them). `get()` never throws.
 */
export function createPovService(opts: PovServiceOptions): PovService {
  const cacheTtlMs = opts.cacheTtlMs ?? POV_DEFAULTS.cacheTtlMs;
  const staleTtlMs = opts.staleTtlMs ?? POV_DEFAULTS.staleTtlMs;
  const timeoutMs = opts.timeoutMs ?? POV_DEFAULTS.timeoutMs;
  const maxBytes = opts.maxBytes ?? POV_DEFAULTS.maxBytes;
  const retryAfterFailureMs = opts.retryAfterFailureMs ?? POV_DEFAULTS.retryAfterFailureMs;
  const now = opts.now ?? Date.now;
  const log = (event: Record<string, unknown>): void => {
    try {
      opts.log?.(event);
    } catch {
      // Logging must never break the answer.
    }
  };
  const fetched = (outcome: 'ok' | 'error'): void => {
    try {
      opts.onFetch?.(outcome);
    } catch {
      // Nor counting.
    }
  };

  let good: GoodCopy | null = null;
  let lastFailure: LastFailure | null = null;
  let inFlight: Promise<PovResponse> | null = null;

  const ok = (items: FeedArticle[]): PovResponse => ({ status: 'ok', items: [...items] });

  /** The answer while the feed is failing: the good copy if still young enough, else the error. */
  function fallback(message: string, at: number): PovResponse {
    if (good && at - good.fetchedAt < staleTtlMs) return ok(good.items);
    return { status: 'error', message };
  }

  async function refresh(): Promise<PovResponse> {
    const startedAt = now();
    try {
      const xml = await fetchFeedText(opts.feedUrl, {
        timeoutMs,
        maxBytes,
        ...(opts.allowPrivateAddresses ? { allowPrivateAddresses: true } : {}),
        ...(opts.isAllowedAddress ? { isAllowedAddress: opts.isAllowedAddress } : {}),
        ...(opts.lookup ? { lookup: opts.lookup } : {}),
        ...(opts.fetchImpl ? { fetchImpl: opts.fetchImpl } : {}),
      });
      const parsed = parseFeed(xml);
      const items = opts.thumbnails ? opts.thumbnails.adopt(parsed) : parsed;
      // Before a visitor asks: /pov asks for the first card's image with the page.
      void opts.thumbnails?.warm();
      const fetchedAt = now();
      good = { items, fetchedAt };
      lastFailure = null;
      fetched('ok');
      log({ event: 'pov_feed_refreshed', items: items.length, durationMs: fetchedAt - startedAt });
      return ok(items);
    } catch (error) {
      const at = now();
      const message = error instanceof FeedError ? error.message : UNEXPECTED_MESSAGE;
      lastFailure = { message, at };
      fetched('error');
      const answer = fallback(message, at);
      log({
        event: 'pov_feed_failed',
        reason: error instanceof FeedError ? error.code : 'unexpected',
        message,
        durationMs: at - startedAt,
        servedStaleCopy: answer.status === 'ok',
        staleAgeMs: good ? at - good.fetchedAt : null,
      });
      return answer;
    }
  }

  async function get(): Promise<PovResponse> {
    try {
      const at = now();
      if (good && at - good.fetchedAt < cacheTtlMs) return ok(good.items);
      if (lastFailure && at - lastFailure.at < retryAfterFailureMs) return fallback(lastFailure.message, at);
      if (!inFlight) {
        inFlight = refresh().finally(() => {
          inFlight = null;
        });
      }
      return await inFlight;
    } catch {
      return { status: 'error', message: UNEXPECTED_MESSAGE };
    }
  }

  function cached(): FeedArticle[] | undefined {
    try {
      const at = now();
      if (!good || at - good.fetchedAt >= cacheTtlMs) void get();
      return good && at - good.fetchedAt < staleTtlMs ? [...good.items] : undefined;
    } catch {
      return undefined;
    }
  }

  return { get, cached };
}
