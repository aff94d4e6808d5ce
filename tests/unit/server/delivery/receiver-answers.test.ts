/**
 * What a receiver answers cannot hurt the server (issue 24): the outbox, the delivery worker and
 * the channels as the server wires them, against a real HTTP receiver and a real SMTP server.
 * - A webhook receiver answering 200 with an endless body: at most 64 KB of it is read.
 * - A visitor's mail server refusing the address (SMTP 5xx): the confirmation is refused, final,
 *   not retried and not dead; a 4xx is retried; the team's channels keep their retries.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createChannels } from '../../../../src/server/delivery/channels.ts';
import { fastSchedule } from '../../../../src/server/delivery/schedule.ts';
import { createDeliveryWorker, type DeliveryEvent } from '../../../../src/server/delivery/worker.ts';
import { MAX_RESPONSE_BYTES } from '../../../../src/server/delivery/webhook.ts';
import { type DeliveryChannel, type LeadStore, openSqliteLeadStore } from '../../../../src/server/leads/store.ts';
import { startHookReceiver, startSmtpReceiver } from '../../../support/delivery-receivers.ts';
import { lead } from '../leads/store-contract.ts';

const SITE = {
  companyName: 'Humanwise Innovation Partners',
  contactEmail: 'hello@humanwise.example',
  siteUrl: 'https://www.humanwise.example',
};
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function storeWith(channels: readonly DeliveryChannel[]): LeadStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'receiver-answers-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'), { channels });
  cleanups.push(() => store.close());
  return store;
}

describe('a webhook receiver that answers with an endless body', () => {
  it('is read for at most 64 KB: the delivery counts as delivered and the rest is never fetched', async () => {
    const hook = await startHookReceiver();
    cleanups.push(hook.stop);
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const { promise: hungUp, resolve: hangUp } = Promise.withResolvers<void>();
    hook.set((_req, res) => {
      res.on('error', () => {});
      res.once('close', () => hangUp());
      res.writeHead(200, { 'content-type': 'text/plain' });
      // Far more than any answer should be: 1.5 GB unless we hang up.
      const pump = () => {
        while (sent < 1536 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
    const settings = {
      LEADS_WEBHOOK_URL: hook.url,
      LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
    };
    // A generous send timeout: the old reader only stopped when this ran out.
    const channels = createChannels(settings, SITE, 20_000);
    const store = storeWith(channels.enabled);
    const events: DeliveryEvent[] = [];
    const worker = createDeliveryWorker({
      store,
      schedule: fastSchedule,
      send: channels.send,
      log: (e) => events.push(e),
    });
    await store.save(lead(), randomUUID());
    const started = performance.now();
    await worker.runOnce();
    const seconds = (performance.now() - started) / 1000;

    expect(events.map((e) => e.event)).toEqual(['delivered']);
    expect(seconds).toBeLessThan(5);
    // What the receiver managed to write before we hung up: our 64 KB plus the sockets' buffers.
    await hungUp;
    expect(MAX_RESPONSE_BYTES).toBe(64 * 1024);
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  });
});

describe('a visitor confirmation the mail server refuses', () => {
  it('is refused for good on a 5xx: not retried, not dead; the team e-mail and a 4xx keep their retries', async () => {
    const smtp = await startSmtpReceiver({
      refuse: (address) => (address.startsWith('nobody@') ? 550 : address.startsWith('later@') ? 451 : undefined),
    });
    cleanups.push(smtp.close);
    const channels = createChannels(
      { SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: ['nobody@humanwise.example'], LEADS_CONFIRM_VISITOR: true },
      SITE,
      5000,
    );
    cleanups.push(() => channels.close());
    const store = storeWith(channels.enabled);
    const events: DeliveryEvent[] = [];
    const worker = createDeliveryWorker({
      store,
      schedule: fastSchedule,
      send: channels.send,
      log: (e) => events.push(e),
    });
    worker.start();
    cleanups.push(() => worker.stop());

    await store.save(lead({ email: 'nobody@visitor.example' }), randomUUID());
    await store.save(lead({ email: 'later@visitor.example' }), randomUUID());
    await store.save(lead({ email: 'ada@visitor.example' }), randomUUID());
    await expect
      .poll(() => events.filter((e) => e.channel === 'visitor-email').length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);

    const deliveries = await store.listDeliveries();
    const visitor = (status: string) => deliveries.filter((d) => d.channel === 'visitor-email' && d.status === status);
    // The refused one is gone from the open list (final), the 4xx one waits for its retry.
    expect(visitor('pending')).toHaveLength(1);
    expect(visitor('pending')[0]?.lastError).toBe('SMTP EENVELOPE 451');
    expect(visitor('dead')).toHaveLength(0);
    const refused = events.filter((e) => e.event === 'refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ channel: 'visitor-email', attempt: 1, error: 'SMTP EENVELOPE 550' });
    // The same refusal of the team's address is retried as always.
    expect(deliveries.filter((d) => d.channel === 'team-email' && d.status === 'pending').length).toBe(3);
    expect(smtp.messages.map((m) => m.to[0])).toEqual(['ada@visitor.example']);
    expect((await store.deliveryHealth()).dead).toBe(0);
    // Refused once, never asked again: by the 4xx one's third try (0.2 s, then 0.4 s later, each
    // ±20 %), a retry of the 5xx one (0.2 s ±20 % after it) would have come.
    const refusalsOf = (address: string) => smtp.refusals.filter((r) => r.address === address).length;
    await expect.poll(() => refusalsOf('later@visitor.example'), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(refusalsOf('nobody@visitor.example')).toBe(1);
  });

  it('is given up as refused, never dead, when its 4xx outlasts the retries; a team e-mail still dies', async () => {
    // A mail server anyone can set up answers 451 for ever: that must not raise the alarm that says
    // "the team has not been told of a lead", nor send the team a dead-delivery notice.
    const smtp = await startSmtpReceiver({
      refuse: (address) => (address.endsWith('@tempfail.example') ? 451 : undefined),
    });
    cleanups.push(smtp.close);
    const channels = createChannels(
      { SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: ['team@tempfail.example'], LEADS_CONFIRM_VISITOR: true },
      SITE,
      5000,
    );
    cleanups.push(() => channels.close());
    const store = storeWith(channels.enabled);
    const events: DeliveryEvent[] = [];
    const schedule = { ...fastSchedule, backoffMs: [20], deadAfterMs: 300 };
    const worker = createDeliveryWorker({ store, schedule, send: channels.send, log: (e) => events.push(e) });
    worker.start();
    cleanups.push(() => worker.stop());

    await store.save(lead({ email: 'ada@tempfail.example' }), randomUUID());
    const final = (channel: string) => events.find((e) => e.channel === channel && /dead|refused/.test(e.event));
    await expect.poll(() => final('visitor-email') && final('team-email'), { timeout: 15_000 }).toBeTruthy();

    expect(final('visitor-email')).toMatchObject({ event: 'refused', error: 'SMTP EENVELOPE 451' });
    expect(final('team-email')).toMatchObject({ event: 'dead', error: 'SMTP EENVELOPE 451' });
    expect((await store.deliveryHealth()).dead).toBe(1);
    expect((await store.listDeliveries()).map((d) => [d.channel, d.status])).toEqual([['team-email', 'dead']]);
  });
});
