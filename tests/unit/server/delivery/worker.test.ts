/**
 * The delivery worker end to end against real receivers on loopback: an SMTP server and an HTTP
 * endpoint, with the outbox in a SQLite store. Time-dependent rules (backoff, death after 24 h)
 * run on a hand-moved clock.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChannels } from '../../../../src/server/delivery/channels.ts';
import { nextAttempt, productionSchedule, type DeliverySchedule } from '../../../../src/server/delivery/schedule.ts';
import { createDeliveryWorker, type DeliveryEvent } from '../../../../src/server/delivery/worker.ts';
import { openSqliteLeadStore, type DeliveryChannel, type LeadStore } from '../../../../src/server/leads/store.ts';
import { lead, testClock } from '../leads/store-contract.ts';
import { startHookReceiver, startSmtpReceiver } from '../../../support/delivery-receivers.ts';

const SECRET_BYTES = Buffer.alloc(32, 7);
const SECRET = `whsec_${SECRET_BYTES.toString('base64')}`;
const site = {
  companyName: 'Humanwise Innovation Partners',
  contactEmail: 'hello@humanwise.example',
  siteUrl: 'https://www.humanwise.example',
};

/** Retries in tens of milliseconds, so an outage plays out in a second or two. */
const quick: DeliverySchedule = {
  backoffMs: [20, 40, 80, 120],
  jitter: 0.2,
  deadAfterMs: 60_000,
  leaseMs: 2_000,
  sendTimeoutMs: 300,
  pollMs: 10,
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempStore(channels: DeliveryChannel[], now?: () => Date): LeadStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'delivery-test-'));
  const store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'), { channels, ...(now ? { now } : {}) });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  return store;
}

/** Standard Webhooks verification written from the specification with node:crypto alone. */
function verifiesIndependently(headers: Record<string, string | string[] | undefined>, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const expected = createHmac('sha256', SECRET_BYTES).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((candidate) => {
      const [version, signature] = candidate.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

describe('backoff schedule', () => {
  it('waits 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h, each ±20 %, and gives up after 24 h', () => {
    const first = new Date('2026-03-01T00:00:00Z');
    const waits = (random: number) =>
      [1, 2, 3, 4, 5, 6, 7].map(
        (attempts) =>
          (nextAttempt(productionSchedule, attempts, first, first, () => random)?.getTime() ?? 0) - first.getTime(),
      );
    const minute = 60_000;
    expect(waits(0.5)).toEqual([0.5, 2, 10, 30, 60, 120, 120].map((m) => m * minute));
    expect(waits(0)).toEqual([0.5, 2, 10, 30, 60, 120, 120].map((m) => m * minute * 0.8));
    expect(waits(0.999_999).map((w) => Math.round(w / 1000))).toEqual(
      [0.5, 2, 10, 30, 60, 120, 120].map((m) => Math.round(m * 60 * 1.2)),
    );
    const late = new Date(first.getTime() + 24 * 60 * minute);
    expect(nextAttempt(productionSchedule, 20, first, late)).toBeNull();
    // Never past the 24 h mark: the last try is at it.
    const nearly = new Date(first.getTime() + 23.5 * 60 * minute);
    expect(nextAttempt(productionSchedule, 15, first, nearly, () => 0.99)?.getTime()).toBe(late.getTime());
  });

  it('tries a delivery that always fails on that schedule, then marks it dead and logs it', async () => {
    const clock = testClock();
    const store = tempStore(['webhook'], clock.now);
    await store.save(lead(), randomUUID());
    const events: DeliveryEvent[] = [];
    const worker = createDeliveryWorker({
      store,
      schedule: productionSchedule,
      now: clock.now,
      random: () => 0.5,
      send: async () => {
        throw new Error('HTTP 503');
      },
      log: (event) => events.push(event),
    });
    const attemptTimes: number[] = [];
    const start = clock.now().getTime();
    for (let i = 0; i < 40; i += 1) {
      if ((await worker.runOnce()) === 1) attemptTimes.push((clock.now().getTime() - start) / 60_000);
      const [next] = await store.listDeliveries();
      if (next?.status === 'dead') break;
      clock.set(next?.nextAttemptAt ?? '');
    }
    expect(attemptTimes.slice(0, 7)).toEqual([0, 0.5, 2.5, 12.5, 42.5, 102.5, 222.5]);
    expect(attemptTimes.at(-1)).toBe(24 * 60);
    expect(await store.deliveryHealth()).toMatchObject({ dead: 1, pending: 0 });
    expect(events.at(-1)).toMatchObject({ event: 'dead', channel: 'webhook', error: 'HTTP 503' });
    expect(events.filter((e) => e.event === 'retry')).toHaveLength(attemptTimes.length - 1);
  });
});

describe('worker lifecycle', () => {
  it('wakes at once when nudged, and stops after finishing the send in flight', async () => {
    const store = tempStore(['webhook']);
    const sent: string[] = [];
    // What happened, in the order it happened: the send finishing, its outcome recorded, stop() resolving.
    const order: string[] = [];
    const sending = Promise.withResolvers<void>();
    const sendMayFinish = Promise.withResolvers<void>();
    const worker = createDeliveryWorker({
      store,
      schedule: { ...quick, pollMs: 60_000 },
      send: async (_channel, id) => {
        sending.resolve();
        await sendMayFinish.promise;
        sent.push(id);
        order.push('sent');
      },
    });
    const claim = vi.spyOn(store, 'claimDeliveries');
    const complete = store.completeDelivery.bind(store);
    vi.spyOn(store, 'completeDelivery').mockImplementation(async (id) => {
      await complete(id);
      order.push('recorded');
    });
    worker.start();
    // Its first round found nothing: the worker is asleep for a minute now.
    await vi.waitFor(() => expect(claim.mock.settledResults[0]).toEqual({ type: 'fulfilled', value: [] }));
    await store.save(lead(), randomUUID());
    worker.nudge();
    await sending.promise;
    // Stopped while the send is held, which is then let finish: stop() resolves only after it.
    const stopped = worker.stop().then(() => order.push('stopped'));
    sendMayFinish.resolve();
    await stopped;
    expect(order).toEqual(['sent', 'recorded', 'stopped']);
    expect(sent).toHaveLength(1);
    expect(await store.deliveryHealth()).toMatchObject({ pending: 0, dead: 0 });
  });
});

describe('team e-mail through a real SMTP server', () => {
  it('sends exactly one message per lead, with the right fields, and the confirmation once per address', async () => {
    const smtp = await startSmtpReceiver();
    cleanups.push(smtp.close);
    const store = tempStore(['team-email', 'visitor-email']);
    const channels = createChannels(
      { SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: ['team@humanwise.example'], LEADS_CONFIRM_VISITOR: true },
      site,
      quick.sendTimeoutMs * 10,
    );
    cleanups.push(() => channels.close());
    const hostile = {
      name: 'Zoë "Z" <O\'Brien> & Co',
      companyName: 'Smith & Sons <UK> "Ltd"',
      additionalInfo: 'Line one\nBcc: victim@example.net\r\n\r\n<b>bold</b> & "quoted"',
    };
    const saved = [
      await store.save(lead({ ...hostile, email: 'zoe@example.org' }), randomUUID()),
      await store.save(lead({ name: 'Sam Ortiz', email: 'SAM@example.org' }), randomUUID()),
      await store.save(lead({ name: 'Sam Ortiz', email: 'sam@example.org' }), randomUUID()),
    ];
    const worker = createDeliveryWorker({ store, schedule: quick, send: channels.send });
    worker.start();
    cleanups.push(() => worker.stop());
    await expect.poll(async () => (await store.deliveryHealth()).pending, { timeout: 15_000 }).toBe(0);
    await worker.stop();

    const team = smtp.messages.filter((m) => m.to.includes('team@humanwise.example'));
    expect(team.map((m) => m.headers.get('x-lead-id')?.[0]).toSorted()).toEqual(saved.map((s) => s.id).toSorted());
    const first = team.find((m) => m.headers.get('x-lead-id')?.[0] === saved[0]?.id);
    expect(first?.headers.get('reply-to')?.[0]).toMatch(/<zoe@example\.org>$/);
    expect(first?.headers.has('bcc')).toBe(false);
    expect(first?.text).toContain('Line one\r\nBcc: victim@example.net\r\n\r\n<b>bold</b> & "quoted"');
    expect(first?.text).toContain('Company: Smith & Sons <UK> "Ltd"');
    expect(first?.html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(first?.headers.get('from')?.[0]).toContain('<hello@humanwise.example>');

    const visitors = smtp.messages.filter((m) => !m.to.includes('team@humanwise.example'));
    expect(visitors.map((m) => m.to[0]?.toLowerCase()).toSorted()).toEqual(['sam@example.org', 'zoe@example.org']);
    expect(smtp.messages).toHaveLength(5);
    // Nothing left: another round sends nothing more.
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(5);
  });
});

describe('signed webhook to a real HTTP receiver', () => {
  it('signs every request so an independent implementation verifies it, with the lead in the body', async () => {
    const hook = await startHookReceiver();
    cleanups.push(hook.close);
    const store = tempStore(['webhook']);
    const channels = createChannels({ LEADS_WEBHOOK_URL: hook.url, LEADS_WEBHOOK_SECRET: SECRET }, site, 1000);
    const { id } = await store.save(lead({ additionalInfo: 'Two\nlines <&>' }), randomUUID());
    const worker = createDeliveryWorker({ store, schedule: quick, send: channels.send });
    await worker.runOnce();
    const [request] = hook.received;
    expect(request && verifiesIndependently(request.headers, request.body)).toBe(true);
    expect(request?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(request?.body ?? '{}');
    expect(body).toMatchObject({ type: 'lead.created', data: { id, additionalInfo: 'Two\nlines <&>' } });
    expect(body.timestamp).toBe(body.data.createdAt);
    const [outbox] = await store.listDeliveries();
    expect(outbox).toBeUndefined();
    // A tampered body no longer verifies.
    expect(verifiesIndependently(request?.headers ?? {}, (request?.body ?? '').replace('Two', 'Tw0'))).toBe(false);
  });

  it('delivers every lead through 500s, a refused connection, slow answers and a redirect, repeating only the same webhook-id', async () => {
    const hook = await startHookReceiver();
    cleanups.push(hook.close);
    const store = tempStore(['webhook']);
    const channels = createChannels(
      { LEADS_WEBHOOK_URL: hook.url, LEADS_WEBHOOK_SECRET: SECRET },
      site,
      quick.sendTimeoutMs,
    );
    const leadIds: string[] = [];
    for (let i = 0; i < 12; i += 1) leadIds.push((await store.save(lead({ name: `Lead ${i}` }), randomUUID())).id);

    // Phase 1: the receiver answers 500 to everything.
    hook.set((_req, res) => res.writeHead(500).end('down'));
    const events: DeliveryEvent[] = [];
    const worker = createDeliveryWorker({
      store,
      schedule: quick,
      send: channels.send,
      batch: 4,
      log: (event) => events.push(event),
    });
    worker.start();
    cleanups.push(() => worker.stop());
    const eventually = { timeout: 15_000 };
    await expect.poll(() => hook.received.length, eventually).toBeGreaterThanOrEqual(12);
    // Phase 2: nothing listens at all (connection refused), until the worker has met that twice.
    await hook.stop();
    const refusedAfter = events.length;
    const refused = () => events.slice(refusedAfter).filter((event) => /ECONNREFUSED/.test(event.error ?? ''));
    await expect.poll(() => refused().length, eventually).toBeGreaterThanOrEqual(2);
    await hook.restart();
    // Phase 3: it accepts, but answers only once the worker has given up waiting (so we retry what it
    // may have processed), or with a redirect, which counts as a failure.
    let slow = 0;
    hook.set((_req, res) => {
      slow += 1;
      if (slow % 2 === 0) res.writeHead(302, { Location: 'http://127.0.0.1:1/' }).end();
      else res.once('close', () => res.writeHead(200).end());
    });
    await expect.poll(() => slow, eventually).toBeGreaterThanOrEqual(8);
    expect(events.some((event) => event.error === `no answer within ${quick.sendTimeoutMs} ms`)).toBe(true);
    // Phase 4: healthy again.
    hook.set((_req, res) => res.writeHead(200).end('ok'));
    await expect.poll(async () => (await store.deliveryHealth()).pending, eventually).toBe(0);
    await worker.stop();

    expect(await store.deliveryHealth()).toMatchObject({ pending: 0, dead: 0 });
    const accepted = hook.received.filter((r) => r.answered === 200);
    const deliveredLeads = new Set(accepted.map((r) => JSON.parse(r.body).data.id));
    expect([...deliveredLeads].toSorted()).toEqual(leadIds.toSorted());
    // One webhook-id per lead, whatever was repeated: the receiver can drop repeats by id.
    const idsByLead = new Map<string, Set<string>>();
    for (const r of hook.received) {
      const leadId = JSON.parse(r.body).data.id as string;
      idsByLead.set(leadId, (idsByLead.get(leadId) ?? new Set()).add(String(r.headers['webhook-id'])));
      expect(verifiesIndependently(r.headers, r.body)).toBe(true);
    }
    expect([...idsByLead.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(hook.received.length).toBeGreaterThan(24);
  });
});
