import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PovResponse } from '../../../../src/lib/pov/types.ts';
import { createPovHandler } from '../../../../src/server/api/pov.ts';
import { createPovService } from '../../../../src/server/feed/pov-service.ts';
import {
  fixtureFeed,
  gated,
  hang,
  LOOPBACK_FEED,
  startFeedServer,
  status,
  xml,
  type FeedServer,
} from '../../../support/feed-server.ts';

let feeds: FeedServer;
const apps: Server[] = [];

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.route('/medium.xml', xml(fixtureFeed('medium.xml')));
  feeds.route('/atom.xml', xml(fixtureFeed('atom.xml'), { contentType: 'application/atom+xml' }));
  feeds.route('/empty.xml', xml(fixtureFeed('empty.xml')));
  feeds.route('/500.xml', status(500));
  feeds.route('/hang.xml', hang());
  feeds.route('/not-xml.xml', xml('{"status":"ok","items":[]}', { contentType: 'application/json' }));
  feeds.route('/oversized.xml', xml(fixtureFeed('medium.xml')));
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => new Promise<void>((resolve) => app.close(() => resolve()))));
});

afterAll(async () => {
  await feeds.close();
});

/** Our own server with only the /api/pov handler, on 127.0.0.1. */
async function startApp(service: { get(): Promise<PovResponse> }): Promise<string> {
  const handler = createPovHandler(service);
  const app = createServer((req, res) => {
    void handler(req, res);
  });
  apps.push(app);
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/pov`;
}

describe('GET /api/pov against a fixture feed server', () => {
  it('answers 200 JSON with the articles', async () => {
    const api = await startApp(createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url('/medium.xml') }));
    const res = await fetch(api);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as PovResponse;
    expect(body.status).toBe('ok');
    if (body.status !== 'ok') return;
    expect(body.items).toHaveLength(4);
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(['description', 'link', 'published', 'thumbnail', 'title']);
      expect(item.link.startsWith('https://')).toBe(true);
      expect(item.published).toMatch(/^2025-\d\d-\d\dT/);
    }
  });

  it('answers an Atom feed the same way', async () => {
    const api = await startApp(createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url('/atom.xml') }));
    const body = (await (await fetch(api)).json()) as PovResponse;
    expect(body.status === 'ok' && body.items.map((i) => i.title)).toEqual([
      'Agents that know when to ask a person',
      'Pilots, then platforms',
      'Research & rhythm: 40 interviews in 3 sprints',
    ]);
  });

  it.each([
    ['an empty feed', '/empty.xml', {}, { status: 'ok', items: [] }],
    ['HTTP 500 upstream', '/500.xml', {}, { status: 'error', message: 'The blog feed answered with an error.' }],
    [
      'a feed that never answers',
      '/hang.xml',
      { timeoutMs: 300 },
      { status: 'error', message: 'The blog feed did not answer in time.' },
    ],
    ['a body that is not XML', '/not-xml.xml', {}, { status: 'error', message: 'The blog feed could not be read.' }],
    [
      'an oversized feed',
      '/oversized.xml',
      { maxBytes: 2048 },
      { status: 'error', message: 'The blog feed is too large.' },
    ],
  ])('answers HTTP 200 for %s', async (_label, path, options, expected) => {
    const api = await startApp(createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url(path), ...options }));
    const res = await fetch(api);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(expected);
  });

  it('keeps serving the last good copy when the feed fails after a good fetch', async () => {
    let healthy = true;
    feeds.route('/flaky.xml', (req, res) => (healthy ? xml(fixtureFeed('medium.xml')) : status(500))(req, res));
    let t = 0;
    const api = await startApp(
      createPovService({
        ...LOOPBACK_FEED,
        feedUrl: feeds.url('/flaky.xml'),
        cacheTtlMs: 1000,
        staleTtlMs: 10_000,
        now: () => t,
      }),
    );
    const good = await (await fetch(api)).json();
    expect(good).toMatchObject({ status: 'ok' });

    healthy = false;
    t = 5_000;
    expect(await (await fetch(api)).json()).toEqual(good);

    t = 60_000;
    expect(await (await fetch(api)).json()).toEqual({
      status: 'error',
      message: 'The blog feed answered with an error.',
    });
  });

  it('shares one upstream request between concurrent API requests', async () => {
    const slow = gated(xml(fixtureFeed('medium.xml')));
    feeds.route('/slow.xml', slow.route);
    const service = createPovService({ ...LOOPBACK_FEED, feedUrl: feeds.url('/slow.xml') });
    let asked = 0;
    const api = await startApp({
      get: () => {
        asked += 1;
        return service.get();
      },
    });
    const pending = Promise.all(Array.from({ length: 6 }, async () => (await fetch(api)).json()));
    // The feed's answer is held until all six API requests have reached the service.
    await expect.poll(() => asked).toBe(6);
    slow.release();
    const bodies = await pending;
    expect(feeds.requests('/slow.xml')).toBe(1);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });
});

describe('GET /api/pov: method and failure handling', () => {
  const okService = { get: async (): Promise<PovResponse> => ({ status: 'ok', items: [] }) };

  it('answers 405 with Allow for POST', async () => {
    const api = await startApp(okService);
    const res = await fetch(api, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual({ status: 'error', message: 'Method not allowed' });
  });

  it('answers 405 for DELETE too', async () => {
    const api = await startApp(okService);
    expect((await fetch(api, { method: 'DELETE' })).status).toBe(405);
  });

  it('answers HEAD with the headers and no body', async () => {
    const api = await startApp(okService);
    const res = await fetch(api, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBe(JSON.stringify({ status: 'ok', items: [] }).length);
    expect(await res.text()).toBe('');
  });

  it('answers 500 only when our own code fails', async () => {
    const api = await startApp({
      get: async () => {
        throw new Error('unexpected');
      },
    });
    const res = await fetch(api);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ status: 'error', message: 'Something went wrong on our side.' });
  });
});
