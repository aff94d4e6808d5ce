/**
 * The operator's metrics: every metric the README names, fed by the real code paths (the app's
 * request handling, the waiting-list responders, the delivery worker against a receiver on
 * loopback, the feed service against a feed on loopback) and read back through GET /metrics as
 * Prometheus would, with and without its bearer token.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryWorker } from '../../../../src/server/delivery/worker.ts';
import type { DeliverySchedule } from '../../../../src/server/delivery/schedule.ts';
import { DeliveryError } from '../../../../src/server/delivery/delivery-error.ts';
import { createPovService } from '../../../../src/server/feed/pov-service.ts';
import { openSqliteLeadStore, type DeliveryChannel, type LeadStore } from '../../../../src/server/leads/store.ts';
import { createMetricsEndpoint } from '../../../../src/server/metrics/metrics-endpoint.ts';
import { createOperatorMetrics, type OperatorMetrics } from '../../../../src/server/metrics/operator-metrics.ts';
import { routePattern } from '../../../../src/server/metrics/route-pattern.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { validSubmission } from '../../../support/lead-fixture.ts';
import { startFeedServer, status, xml, fixtureFeed } from '../../../support/feed-server.ts';
import { startApp } from '../app-harness.ts';
import { startWaitlistServer } from '../waitlist/harness.ts';
import { lead, testClock } from '../leads/store-contract.ts';
import { sample } from './samples.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempStore(channels: DeliveryChannel[] = [], now?: () => Date): LeadStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'metrics-test-'));
  const store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'), { channels, ...(now ? { now } : {}) });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  return store;
}

const idle = async () => ({ pending: 0, dead: 0, oldestPendingSeconds: null });

async function scrape(metrics: OperatorMetrics): Promise<string> {
  return (await metrics.scrape()).body;
}

describe('GET /metrics', () => {
  async function appWithMetrics() {
    const metrics = createOperatorMetrics({ outbox: idle });
    const app = await startApp({
      metrics: { endpoint: createMetricsEndpoint(TOKEN, metrics), observeRequest: metrics.observeRequest },
    });
    cleanups.push(() => app.close());
    return app;
  }

  it('is not there at all without METRICS_TOKEN (404)', async () => {
    const app = await startApp();
    cleanups.push(() => app.close());
    const response = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_request_duration_seconds');
  });

  it('refuses a request without the token, or with another one (401), and is never cached', async () => {
    const app = await appWithMetrics();
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, TOKEN]) {
      const response = await fetch(`${app.url}/metrics`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).not.toContain('http_request_duration_seconds');
    }
  });

  it("answers Prometheus's text format to the bearer of the token, with Node's defaults", async () => {
    const app = await appWithMetrics();
    const response = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
      'lead_outbox_pending',
      'lead_outbox_oldest_pending_age_seconds',
      'lead_deliveries_dead',
      'pov_feed_age_seconds',
    ]) {
      expect(sample(text, name), name).toBeTypeOf('number');
    }
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect((await fetch(`${app.url}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('times each request by route pattern, method and status class, never by raw path', async () => {
    const app = await appWithMetrics();
    await fetch(`${app.url}/`);
    await fetch(`${app.url}/`);
    await fetch(`${app.url}/about`, { method: 'HEAD' });
    await fetch(`${app.url}/api/echo`, { method: 'POST' });
    for (let i = 0; i < 5; i++) await fetch(`${app.url}/wp-admin-${i}.php`);
    await fetch(`${app.url}/`, { method: 'PROPFIND' });
    const text = await (await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    const count = (labels: Record<string, string>) => sample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ route: '/', method: 'GET', status_class: '2xx' })).toBe(2);
    expect(count({ route: '/about', method: 'HEAD', status_class: '2xx' })).toBe(1);
    expect(count({ route: '/api/echo', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(count({ route: '(unmatched)', method: 'GET', status_class: '4xx' })).toBe(5);
    expect(count({ route: '/', method: 'other', status_class: '4xx' })).toBe(1);
    expect(text).not.toContain('wp-admin');
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/', le: '+Inf' })).toBe(2);
  });

  it('names dynamic routes by their pattern', () => {
    const known = (p: string) => p === '/program/ripple-effect';
    expect(routePattern('/program/ripple-effect', 200, known)).toBe('/program/[slug]');
    expect(routePattern('/offer/ai-advantage-lab', 200, () => false)).toBe('/offer/[slug]');
    expect(routePattern('/case-study/cdp', 304, () => false)).toBe('/case-study/[name]');
    expect(routePattern('/_astro/wizard.Bx1.js', 200, () => true)).toBe('/_astro/[file]');
    expect(routePattern('/program/nothing-here', 404, () => false)).toBe('(unmatched)');
    expect(routePattern('/privacy-policy', 200, () => false)).toBe('/privacy-policy');
    expect(routePattern('/about/', 301, () => false)).toBe('(redirect)');
    expect(routePattern('/diagnostics/render-failure', 500, () => false)).toBe('(error)');
  });
});

describe('waitlist_submissions_total', () => {
  it('counts every outcome of the real responders, decode rejections as invalid', async () => {
    const metrics = createOperatorMetrics({ outbox: idle, nodeDefaults: false });
    const store = tempStore();
    const server = await startWaitlistServer({ store, limit: 4, countOutcome: metrics.countSubmission });
    cleanups.push(() => server.stop());
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.origin}/api/waitlist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const text0 = await scrape(metrics);
    expect(sample(text0, 'waitlist_submissions_total', { outcome: 'stored' })).toBe(0);

    const key = randomUUID();
    expect((await post(validSubmission(), { 'Idempotency-Key': key })).status).toBe(201); // stored
    expect((await post(validSubmission(), { 'Idempotency-Key': key })).status).toBe(201); // duplicate
    expect((await post(validSubmission({ companyName: 'Other Co' }), { 'Idempotency-Key': key })).status).toBe(422);
    expect((await post(validSubmission({ email: 'not an address' }))).status).toBe(400); // invalid
    expect((await post('{"name":')).status).toBe(400); // rejected by decode: invalid
    expect((await post(validSubmission({ website: 'https://spam.example' }))).status).toBe(201); // honeypot
    expect((await post(validSubmission())).status).toBe(429); // the fifth valid post: rate limited
    const text = await scrape(metrics);
    const count = (outcome: string) => sample(text, 'waitlist_submissions_total', { outcome });
    expect(count('stored')).toBe(1);
    expect(count('duplicate')).toBe(1);
    expect(count('key_conflict')).toBe(1);
    expect(count('invalid')).toBe(2);
    expect(count('honeypot')).toBe(1);
    expect(count('rate_limited')).toBe(1);
    expect(count('store_error')).toBe(0);
  });

  it('counts a store that fails as store_error', async () => {
    const metrics = createOperatorMetrics({ outbox: idle, nodeDefaults: false });
    const store = tempStore();
    const server = await startWaitlistServer({ store, countOutcome: metrics.countSubmission });
    cleanups.push(() => server.stop());
    await store.close();
    const response = await fetch(`${server.origin}/api/waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validSubmission()),
    });
    expect(response.status).toBe(503);
    expect(sample(await scrape(metrics), 'waitlist_submissions_total', { outcome: 'store_error' })).toBe(1);
  });
});

describe('lead_deliveries_total and the outbox gauges', () => {
  const quick: DeliverySchedule = {
    backoffMs: [10, 10],
    jitter: 0,
    deadAfterMs: 40,
    leaseMs: 2_000,
    sendTimeoutMs: 300,
    pollMs: 10,
  };

  it('counts sent, retry and dead per channel, and reads the outbox from the store at each scrape', async () => {
    // A hand-moved clock for the store and the worker, so a busy machine cannot skip the retry.
    const clock = testClock();
    const store = tempStore(['team-email', 'webhook'], clock.now);
    const metrics = createOperatorMetrics({ outbox: () => store.deliveryHealth(), nodeDefaults: false });
    const worker = createDeliveryWorker({
      store,
      schedule: quick,
      now: clock.now,
      random: () => 0.5,
      // The team's mailbox answers; the CRM is down for good.
      send: async (channel) => {
        if (channel === 'webhook') throw new DeliveryError('HTTP 503');
      },
      log: metrics.recordDeliveryEvent,
    });
    await store.save(lead(), randomUUID());
    let text = await scrape(metrics);
    expect(sample(text, 'lead_outbox_pending')).toBe(2);
    expect(sample(text, 'lead_deliveries_dead')).toBe(0);

    expect(await worker.runOnce()).toBe(2); // e-mail sent, webhook failed: retried 10 ms later
    clock.advance(20);
    expect(await worker.runOnce()).toBe(1); // failed again, within the 40 ms: retried
    clock.advance(100);
    expect(await worker.runOnce()).toBe(1); // failed past 40 ms after the first attempt: dead
    text = await scrape(metrics);
    expect(sample(text, 'lead_deliveries_total', { channel: 'team-email', outcome: 'sent' })).toBe(1);
    expect(sample(text, 'lead_deliveries_total', { channel: 'webhook', outcome: 'retry' })).toBe(2);
    expect(sample(text, 'lead_deliveries_total', { channel: 'webhook', outcome: 'dead' })).toBe(1);
    expect(sample(text, 'lead_deliveries_total', { channel: 'webhook', outcome: 'sent' })).toBeUndefined();
    expect(sample(text, 'lead_deliveries_dead')).toBe(1);
    expect(sample(text, 'lead_outbox_pending')).toBe(0);
    expect(sample(text, 'lead_outbox_oldest_pending_age_seconds')).toBe(0);
  });

  it('counts a confirmation the mail server refused for good as refused, never dead', async () => {
    const store = tempStore(['team-email', 'visitor-email']);
    const metrics = createOperatorMetrics({ outbox: () => store.deliveryHealth(), nodeDefaults: false });
    const worker = createDeliveryWorker({
      store,
      schedule: quick,
      // The team's mailbox answers; the visitor's mail server has no such mailbox (a bad address).
      send: async (channel) => {
        if (channel === 'visitor-email') throw new DeliveryError('SMTP EENVELOPE 550', { permanent: true });
      },
      log: metrics.recordDeliveryEvent,
    });
    await store.save(lead(), randomUUID());
    expect(await worker.runOnce()).toBe(2);
    const text = await scrape(metrics);
    // A bad address is the visitor's, not a delivery failure: it must not feed LeadDeliveriesFailing.
    expect(sample(text, 'lead_deliveries_total', { channel: 'visitor-email', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'lead_deliveries_total', { channel: 'visitor-email', outcome: 'dead' })).toBeUndefined();
    expect(sample(text, 'lead_deliveries_total', { channel: 'team-email', outcome: 'sent' })).toBe(1);
    expect(sample(text, 'lead_deliveries_dead')).toBe(0);
  });

  it('reports the age of the oldest pending delivery, and keeps answering when the store does not', async () => {
    let outbox = { pending: 3, dead: 1, oldestPendingSeconds: 4_000 as number | null };
    let failing = false;
    let queries = 0;
    const metrics = createOperatorMetrics({
      outbox: async () => {
        queries += 1;
        if (failing) throw new Error('connection refused');
        return outbox;
      },
      nodeDefaults: false,
    });
    let text = await scrape(metrics);
    expect(sample(text, 'lead_outbox_oldest_pending_age_seconds')).toBe(4_000);
    expect(sample(text, 'lead_outbox_pending')).toBe(3);
    expect(sample(text, 'lead_store_up')).toBe(1);
    expect(queries).toBe(1); // one query serves the three gauges and lead_store_up
    outbox = { pending: 0, dead: 1, oldestPendingSeconds: null };
    failing = true;
    text = await scrape(metrics);
    expect(sample(text, 'lead_outbox_pending')).toBe(3); // the last known value
    expect(sample(text, 'lead_store_up')).toBe(0); // ...and the store said to be down
    failing = false;
    text = await scrape(metrics);
    expect(sample(text, 'lead_store_up')).toBe(1);
    expect(sample(text, 'lead_outbox_pending')).toBe(0);
    expect(sample(text, 'lead_outbox_oldest_pending_age_seconds')).toBe(0);
  });
});

describe('pov_feed_fetches_total and pov_feed_age_seconds', () => {
  it('counts each fetch from the blog host and measures the age of the last good copy', async () => {
    const feeds = await startFeedServer();
    cleanups.push(() => feeds.close());
    let now = 1_000_000;
    const metrics = createOperatorMetrics({ outbox: idle, now: () => now, nodeDefaults: false });
    feeds.route('/metrics-feed.xml', xml(fixtureFeed('atom.xml')));
    const service = createPovService({
      feedUrl: feeds.url('/metrics-feed.xml'),
      allowPrivateAddresses: true,
      cacheTtlMs: 0,
      retryAfterFailureMs: 0,
      now: () => now,
      onFetch: (outcome) => metrics.countFeedFetch(outcome),
    });
    now += 30_000;
    // Before any success the age runs from the start: a feed failing since then is that stale.
    expect(sample(await scrape(metrics), 'pov_feed_age_seconds')).toBe(30);
    expect((await service.get()).status).toBe('ok');
    expect(sample(await scrape(metrics), 'pov_feed_age_seconds')).toBe(0);
    feeds.route('/metrics-feed.xml', status(503));
    now += 90_000;
    expect((await service.get()).status).toBe('ok'); // the stale copy
    now += 10_000;
    await service.get();
    const text = await scrape(metrics);
    expect(sample(text, 'pov_feed_fetches_total', { outcome: 'ok' })).toBe(1);
    expect(sample(text, 'pov_feed_fetches_total', { outcome: 'error' })).toBe(2);
    expect(sample(text, 'pov_feed_age_seconds')).toBe(100);
  });
});

describe('METRICS_TOKEN', () => {
  it('is optional, and refused in one line when too short to be a secret', () => {
    expect(loadSettings({}).METRICS_TOKEN).toBeUndefined();
    expect(loadSettings({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => loadSettings({ METRICS_TOKEN: 'letmein' })).toThrow(/METRICS_TOKEN must be at least 24 characters/);
    expect(() => loadSettings({ METRICS_TOKEN: 'with a space 0123456789abcdef' })).toThrow(/METRICS_TOKEN/);
  });
});
