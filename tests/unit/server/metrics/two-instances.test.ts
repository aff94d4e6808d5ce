/**
 * Two server instances on one PostgreSQL, as behind a load balancer: each has its own counters and
 * request timings (Prometheus tells them apart by `instance`), while the outbox gauges of both read
 * the shared store, so a delivery that dies on one instance shows on the other's scrape too.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliverySchedule } from '../../../../src/server/delivery/schedule.ts';
import { DeliveryError } from '../../../../src/server/delivery/delivery-error.ts';
import { createDeliveryWorker } from '../../../../src/server/delivery/worker.ts';
import { openPostgresLeadStore, type LeadStore } from '../../../../src/server/leads/store.ts';
import { createMetricsEndpoint } from '../../../../src/server/metrics/metrics-endpoint.ts';
import { createOperatorMetrics } from '../../../../src/server/metrics/operator-metrics.ts';
import { lead, testClock } from '../leads/store-contract.ts';
import { startApp } from '../app-harness.ts';
import { sample } from './samples.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const TOKEN = 'two-instances-token-0123456789';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const quick: DeliverySchedule = {
  backoffMs: [10],
  jitter: 0,
  deadAfterMs: 30,
  leaseMs: 2_000,
  sendTimeoutMs: 300,
  pollMs: 10,
};

/** A schema of its own, so runs never see each other's rows. */
async function sharedDatabase(): Promise<string> {
  const schema = `metrics_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  cleanups.push(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });
  const url = new URL(pgUrl ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function instance(databaseUrl: string, now: () => Date, webhookUp: () => boolean) {
  const store: LeadStore = await openPostgresLeadStore(databaseUrl, { channels: ['webhook'], poolMax: 2, now });
  cleanups.push(() => store.close());
  const metrics = createOperatorMetrics({ outbox: () => store.deliveryHealth() });
  const worker = createDeliveryWorker({
    store,
    schedule: quick,
    now,
    send: async () => {
      if (!webhookUp()) throw new DeliveryError('request failed (ECONNREFUSED)');
    },
    log: metrics.recordDeliveryEvent,
  });
  const app = await startApp({
    metrics: { endpoint: createMetricsEndpoint(TOKEN, metrics), observeRequest: metrics.observeRequest },
  });
  cleanups.push(() => app.close());
  const scrape = async () =>
    (await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  return { store, metrics, worker, app, scrape };
}

describe.skipIf(!pgUrl)('metrics of two instances on one PostgreSQL (TEST_DATABASE_URL)', () => {
  it('keeps each instance its own series and reads the outbox from the shared store', async () => {
    const databaseUrl = await sharedDatabase();
    // One hand-moved clock for both instances' stores and workers: the retry and the death come when
    // the test moves it, not when a busy machine gets round to them.
    const clock = testClock();
    let webhookUp = false;
    const a = await instance(databaseUrl, clock.now, () => webhookUp);
    const b = await instance(databaseUrl, clock.now, () => webhookUp);

    // A lead stored through instance A is pending on both scrapes.
    await a.store.save(lead(), randomUUID());
    a.metrics.countSubmission('stored');
    for (const text of [await a.scrape(), await b.scrape()]) {
      expect(sample(text, 'lead_outbox_pending')).toBe(1);
      expect(sample(text, 'lead_deliveries_dead')).toBe(0);
    }

    // Instance A tries it until it dies; instance B only watches.
    expect(await a.worker.runOnce()).toBe(1); // failed: retried 10 ms later
    clock.advance(quick.deadAfterMs);
    expect(await a.worker.runOnce()).toBe(1); // failed again, 30 ms after the first attempt: dead
    const textA = await a.scrape();
    const textB = await b.scrape();
    expect(sample(textA, 'lead_deliveries_total', { channel: 'webhook', outcome: 'dead' })).toBe(1);
    expect(sample(textB, 'lead_deliveries_total', { channel: 'webhook', outcome: 'dead' })).toBeUndefined();
    expect(sample(textA, 'waitlist_submissions_total', { outcome: 'stored' })).toBe(1);
    expect(sample(textB, 'waitlist_submissions_total', { outcome: 'stored' })).toBe(0);
    for (const text of [textA, textB]) {
      expect(sample(text, 'lead_deliveries_dead')).toBe(1);
      expect(sample(text, 'lead_outbox_pending')).toBe(0);
    }
    // Each instance timed its own earlier scrape only (a scrape is timed once it has been answered).
    expect(sample(textA, 'http_request_duration_seconds_count', { route: '/metrics' })).toBe(1);
    expect(sample(textB, 'http_request_duration_seconds_count', { route: '/metrics' })).toBe(1);

    // The receiver is back, the operator retries the dead one, and instance B delivers it.
    webhookUp = true;
    expect(await b.store.retryDead()).toBe(1);
    expect(sample(await a.scrape(), 'lead_outbox_pending')).toBe(1);
    expect(await b.worker.runOnce()).toBe(1); // due at once
    const after = [await a.scrape(), await b.scrape()];
    expect(sample(after[1] ?? '', 'lead_deliveries_total', { channel: 'webhook', outcome: 'sent' })).toBe(1);
    expect(sample(after[0] ?? '', 'lead_deliveries_total', { channel: 'webhook', outcome: 'sent' })).toBeUndefined();
    for (const text of after) {
      expect(sample(text, 'lead_deliveries_dead')).toBe(0);
      expect(sample(text, 'lead_outbox_pending')).toBe(0);
    }
  });
});
