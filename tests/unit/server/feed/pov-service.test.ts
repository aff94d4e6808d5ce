import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedError } from '../../../../src/server/feed/feed-error.ts';
import { fetchFeedText } from '../../../../src/server/feed/fetch-feed.ts';
import { createPovService } from '../../../../src/server/feed/pov-service.ts';
import {
  chunked,
  fixtureFeed,
  gated,
  hang,
  LOOPBACK_FEED,
  startFeedServer,
  status,
  xml,
  type FeedServer,
  type Route,
} from '../../../support/feed-server.ts';

let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
});

afterAll(async () => {
  await feeds.close();
});

/** A path of its own for each test, so request counts never mix. */
let pathCounter = 0;
function uniquePath(label: string): string {
  pathCounter += 1;
  return `/${label}-${pathCounter}.xml`;
}

async function rejection(promise: Promise<unknown>): Promise<FeedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedError);
    return error as FeedError;
  }
  throw new Error('expected a rejection');
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/feed`;
}

describe('fetchFeedText', () => {
  const limits = { ...LOOPBACK_FEED, timeoutMs: 2000, maxBytes: 2 * 1024 * 1024 };

  it('returns the body of a 2xx answer', async () => {
    const path = uniquePath('ok');
    feeds.route(path, xml(fixtureFeed('medium.xml')));
    await expect(fetchFeedText(feeds.url(path), limits)).resolves.toBe(fixtureFeed('medium.xml'));
  });

  it('decodes the charset the feed declares', async () => {
    const path = uniquePath('latin1');
    const body = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf\xe9</title></channel></rss>',
      'latin1',
    );
    feeds.route(path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
    });
    await expect(fetchFeedText(feeds.url(path), limits)).resolves.toContain('<title>Café</title>');
  });

  it('rejects a non-2xx answer', async () => {
    const path = uniquePath('500');
    feeds.route(path, status(500));
    const error = await rejection(fetchFeedText(feeds.url(path), limits));
    expect(error.code).toBe('http');
    expect(error.message).toBe('The blog feed answered with an error.');
  });

  it('gives up when the feed does not answer in time', async () => {
    const path = uniquePath('hang');
    feeds.route(path, hang());
    const started = Date.now();
    const error = await rejection(fetchFeedText(feeds.url(path), { ...limits, timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('The blog feed did not answer in time.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up when the body stalls after the headers', async () => {
    const path = uniquePath('stall');
    feeds.route(path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss><channel>');
    });
    const error = await rejection(fetchFeedText(feeds.url(path), { ...limits, timeoutMs: 300 }));
    expect(error.code).toBe('timeout');
  });

  it('refuses a body whose declared length is over the limit', async () => {
    const path = uniquePath('big');
    feeds.route(path, xml(`<rss>${'<!-- padding -->'.repeat(2048)}</rss>`));
    const error = await rejection(fetchFeedText(feeds.url(path), { ...limits, maxBytes: 16 * 1024 }));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe('The blog feed is too large.');
  });

  it('stops reading a streamed body without a length once it passes the limit', async () => {
    const path = uniquePath('stream');
    feeds.route(path, chunked(4 * 1024 * 1024));
    const error = await rejection(fetchFeedText(feeds.url(path), { ...limits, maxBytes: 16 * 1024 }));
    expect(error.code).toBe('too_large');
  });

  it('reports a feed that cannot be reached', async () => {
    const error = await rejection(fetchFeedText(await closedPortUrl(), limits));
    expect(error.code).toBe('unreachable');
    expect(error.message).toBe('The blog feed could not be reached.');
  });

  it('uses the injected fetch implementation', async () => {
    const calls: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response('<rss/>', { status: 200 });
    };
    await expect(fetchFeedText('https://blog.example.com/feed', { ...limits, fetchImpl })).resolves.toBe('<rss/>');
    expect(calls).toEqual(['https://blog.example.com/feed']);
  });
});

describe('createPovService against a fixture feed server', () => {
  it('answers ok with the parsed items in feed order', async () => {
    const path = uniquePath('medium');
    feeds.route(path, xml(fixtureFeed('medium.xml')));
    const result = await createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url(path) }).get();
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.items).toHaveLength(4);
    expect(result.items[0]).toMatchObject({
      title: 'Map the service before you automate it',
      thumbnail: 'https://cdn.example.com/max/1024/1*service-blueprint.png',
    });
    expect(result.items.map((i) => i.title).at(-1)).toBe('Momentum after the workshop');
  });

  it('answers ok with no items for an empty feed', async () => {
    const path = uniquePath('empty');
    feeds.route(path, xml(fixtureFeed('empty.xml')));
    await expect(createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url(path) }).get()).resolves.toEqual({
      status: 'ok',
      items: [],
    });
  });

  it.each<{ label: string; route: () => Route; options?: { timeoutMs?: number; maxBytes?: number }; message: string }>([
    { label: 'HTTP 500', route: () => status(500), message: 'The blog feed answered with an error.' },
    {
      label: 'a feed that never answers',
      route: hang,
      options: { timeoutMs: 300 },
      message: 'The blog feed did not answer in time.',
    },
    {
      label: 'a body that is not XML',
      route: () => xml(fixtureFeed('not-a-feed.html'), { contentType: 'text/html; charset=utf-8' }),
      message: 'The blog feed could not be read.',
    },
    {
      label: 'an oversized feed',
      route: () => xml(fixtureFeed('medium.xml')),
      options: { maxBytes: 1024 },
      message: 'The blog feed is too large.',
    },
  ])('answers the error for $label', async ({ label, route, options, message }) => {
    const path = uniquePath(label.replaceAll(' ', '-'));
    feeds.route(path, route());
    await expect(createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url(path), ...options }).get()).resolves.toEqual({
      status: 'error',
      message,
    });
  });

  it('serves the cached copy within the cache time and fetches again after it', async () => {
    const path = uniquePath('cache');
    feeds.route(path, xml(fixtureFeed('medium.xml')));
    let t = 1_000_000;
    const service = createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url(path), cacheTtlMs: 60_000, now: () => t });
    await service.get();
    t += 59_000;
    await service.get();
    expect(feeds.requests(path)).toBe(1);
    t += 2_000;
    await service.get();
    expect(feeds.requests(path)).toBe(2);
  });

  it('lets concurrent requests share one upstream fetch', async () => {
    const path = uniquePath('slow');
    const slow = gated(xml(fixtureFeed('medium.xml')));
    feeds.route(path, slow.route);
    const service = createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url(path) });
    const pending = Promise.all(Array.from({ length: 8 }, () => service.get()));
    // Every call was made while the feed's answer is held: they share the one request it has seen.
    await expect.poll(() => feeds.requests(path)).toBe(1);
    slow.release();
    const results = await pending;
    expect(feeds.requests(path)).toBe(1);
    for (const result of results) {
      expect(result.status).toBe('ok');
      if (result.status === 'ok') expect(result.items).toHaveLength(4);
    }
  });

  it('serves the last good copy while the feed fails, then the error once it is too old', async () => {
    const path = uniquePath('flaky');
    let healthy = true;
    feeds.route(path, (req, res) => (healthy ? xml(fixtureFeed('medium.xml')) : status(503))(req, res));
    let t = 0;
    const events: Record<string, unknown>[] = [];
    const service = createPovService({
      ...LOOPBACK_FEED,
      feedUrl: feeds.url(path),
      cacheTtlMs: 15 * 60_000,
      staleTtlMs: 24 * 60 * 60_000,
      now: () => t,
      log: (event) => events.push(event),
    });

    const good = await service.get();
    expect(good.status).toBe('ok');

    healthy = false;
    t = 16 * 60_000;
    const stale = await service.get();
    expect(stale).toEqual(good);
    expect(feeds.requests(path)).toBe(2);
    expect(events.at(-1)).toMatchObject({ event: 'pov_feed_failed', reason: 'http', servedStaleCopy: true });

    t = 24 * 60 * 60_000 + 1;
    await expect(service.get()).resolves.toEqual({
      status: 'error',
      message: 'The blog feed answered with an error.',
    });
    expect(feeds.requests(path)).toBe(3);
    expect(events.at(-1)).toMatchObject({ servedStaleCopy: false });

    healthy = true;
    t += 60_000;
    expect((await service.get()).status).toBe('ok');
  });

  it('serves the last good copy when the feed later sends something that is not a feed', async () => {
    const path = uniquePath('broken');
    let body = fixtureFeed('atom.xml');
    feeds.route(path, (req, res) => xml(body)(req, res));
    let t = 0;
    const service = createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url(path), cacheTtlMs: 1000, now: () => t });
    const good = await service.get();
    body = '<html><body>Maintenance</body></html>';
    t = 5000;
    await expect(service.get()).resolves.toEqual(good);
  });

  it('does not ask a failing feed again on every request', async () => {
    const path = uniquePath('down');
    feeds.route(path, status(502));
    let t = 0;
    const service = createPovService({
      ...LOOPBACK_FEED,
      feedUrl: feeds.url(path),
      retryAfterFailureMs: 30_000,
      now: () => t,
    });
    await service.get();
    t = 10_000;
    await expect(service.get()).resolves.toEqual({ status: 'error', message: 'The blog feed answered with an error.' });
    expect(feeds.requests(path)).toBe(1);
    t = 31_000;
    await service.get();
    expect(feeds.requests(path)).toBe(2);
  });

  it('offers a page the copy it holds without waiting, and refreshes in the background', async () => {
    const path = uniquePath('cached');
    let healthy = true;
    feeds.route(path, (req, res) => (healthy ? xml(fixtureFeed('medium.xml')) : status(503))(req, res));
    let t = 0;
    const service = createPovService({
      ...LOOPBACK_FEED,
      feedUrl: feeds.url(path),
      cacheTtlMs: 60_000,
      staleTtlMs: 600_000,
      now: () => t,
    });
    // Nothing yet: the page is rendered without articles, and the feed is asked for them.
    expect(service.cached()).toBeUndefined();
    await expect.poll(() => service.cached()?.length).toBe(4);
    expect(feeds.requests(path)).toBe(1);
    expect(service.cached()?.[0]?.title).toBe('Map the service before you automate it');

    // Fresh: served as it is, and the feed is not asked again.
    t = 59_000;
    service.cached();
    expect(feeds.requests(path)).toBe(1);

    // Old but servable while the feed fails: still shown; the refresh that failed is not repeated at once.
    healthy = false;
    t = 61_000;
    expect(service.cached()).toHaveLength(4);
    await expect.poll(() => feeds.requests(path)).toBe(2);
    t = 62_000;
    expect(service.cached()).toHaveLength(4);
    expect(feeds.requests(path)).toBe(2);

    // Too old to stand in: nothing, as get() would answer the error.
    t = 600_001;
    expect(service.cached()).toBeUndefined();
  });

  it('never throws, even when the fetch implementation and the logger do', async () => {
    const service = createPovService({
      feedUrl: 'https://blog.example.com/feed',
      fetchImpl: () => {
        throw new TypeError('boom');
      },
      log: () => {
        throw new Error('logger down');
      },
    });
    await expect(service.get()).resolves.toEqual({ status: 'error', message: 'The blog feed could not be reached.' });
    expect(service.cached()).toBeUndefined();
  });
});
