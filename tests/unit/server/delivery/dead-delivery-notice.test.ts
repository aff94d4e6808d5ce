/**
 * A dead delivery told through the other channel, against real receivers on loopback: the webhook
 * dies and the team's mailbox gets "a lead could not be delivered to your CRM"; the team's e-mail
 * dies and the webhook gets a signed `lead.delivery_failed` event. Neither carries the visitor's
 * name, address, company or answers.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createChannels } from '../../../../src/server/delivery/channels.ts';
import {
  deadDeliveryOf,
  noticeChannel,
  RETRY_DEAD_COMMAND,
  tellOfDeadDelivery,
} from '../../../../src/server/delivery/dead-delivery-notice.ts';
import type { DeliverySchedule } from '../../../../src/server/delivery/schedule.ts';
import { createDeliveryWorker, type DeliveryEvent } from '../../../../src/server/delivery/worker.ts';
import { openSqliteLeadStore, type DeliveryChannel, type LeadStore } from '../../../../src/server/leads/store.ts';
import { startHookReceiver, startSmtpReceiver } from '../../../support/delivery-receivers.ts';
import { validValues } from '../../../support/lead-fixture.ts';

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const site = {
  companyName: 'Humanwise Innovation Partners',
  contactEmail: 'hello@humanwise.example',
  siteUrl: 'https://www.humanwise.example',
};
const quick: DeliverySchedule = {
  backoffMs: [10],
  jitter: 0,
  deadAfterMs: 40,
  leaseMs: 2_000,
  // Generous: only the failures a test sets up may kill a delivery, not a slow, busy machine.
  sendTimeoutMs: 10_000,
  pollMs: 10,
};
const visitor = validValues();
/** What the visitor typed: none of it may appear in a notice. */
const personal = [visitor.name, visitor.email, visitor.companyName, visitor.additionalInfo ?? ''].filter(Boolean);

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempStore(channels: DeliveryChannel[]): LeadStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'dead-notice-test-'));
  const store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'), { channels });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  return store;
}

/** Both team channels, the team's e-mail failing every time (an SMTP port nobody listens on). */
function deadTeamEmail(hookUrl: string) {
  const settings = {
    SMTP_URL: 'smtp://127.0.0.1:9',
    LEADS_NOTIFY_EMAIL: ['team@humanwise.example'],
    LEADS_WEBHOOK_URL: hookUrl,
    LEADS_WEBHOOK_SECRET: SECRET,
  };
  const channels = createChannels(settings, site, quick.sendTimeoutMs);
  cleanups.push(() => channels.close());
  return { channels, store: tempStore(channels.enabled) };
}

/**
 * Runs the worker until `deaths` deliveries have died (one by default), telling the team of each as
 * the server does (main.ts); resolves with the channel each notice went through.
 */
async function runUntilDead(store: LeadStore, channels: ReturnType<typeof createChannels>, deaths = 1) {
  const told: (string | undefined)[] = [];
  const allTold = Promise.withResolvers<void>();
  const tell = (via: string | undefined) => {
    told.push(via);
    if (told.length === deaths) allTold.resolve();
  };
  const worker = createDeliveryWorker({
    store,
    send: channels.send,
    schedule: quick,
    log: (event: DeliveryEvent) => {
      const dead = deadDeliveryOf(event);
      if (!dead) return;
      void tellOfDeadDelivery(() => channels.notifyDead(dead, new Date()), quick).then(
        (via) => tell(via),
        (error: unknown) => tell(`failed: ${String(error)}`),
      );
    },
  });
  worker.start();
  cleanups.push(() => worker.stop());
  await allTold.promise;
  return told;
}

describe('a dead delivery is told through the other channel', () => {
  it('the webhook died: the team gets an e-mail with the lead id and the retry command', async () => {
    const smtp = await startSmtpReceiver();
    const hook = await startHookReceiver();
    cleanups.push(smtp.close, hook.close);
    hook.set((_req, res) => res.writeHead(503).end());
    const settings = {
      SMTP_URL: smtp.url,
      LEADS_NOTIFY_EMAIL: ['team@humanwise.example'],
      LEADS_WEBHOOK_URL: hook.url,
      LEADS_WEBHOOK_SECRET: SECRET,
    };
    const channels = createChannels(settings, site, quick.sendTimeoutMs);
    cleanups.push(() => channels.close());
    const store = tempStore(channels.enabled);
    const { id } = await store.save({ ...visitor, sourceProgram: 'ripple-effect' }, randomUUID());

    expect(await runUntilDead(store, channels)).toEqual(['team-email']);
    await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBe(2);
    const notice = smtp.messages.find((message) =>
      message.headers.get('subject')?.[0]?.startsWith('A lead could not be delivered to your CRM'),
    );
    expect(notice, 'the notice among the mails').toBeDefined();
    expect(notice?.to).toEqual(['team@humanwise.example']);
    expect(notice?.text).toContain(`Lead id: ${id}`);
    expect(notice?.text).toContain('Last error: HTTP 503');
    expect(notice?.text).toContain(RETRY_DEAD_COMMAND);
    expect(notice?.headers.get('x-lead-id')).toEqual([id]);
    for (const value of personal) expect(notice?.raw).not.toContain(value);
    const [dead] = (await store.listDeliveries()).filter((delivery) => delivery.status === 'dead');
    expect(dead?.channel).toBe('webhook');
    expect(notice?.headers.get('message-id')?.[0]).toMatch(
      new RegExp(`^<${dead?.id}-failed-\\d+@humanwise\\.example>$`),
    );
  });

  it("the team's e-mail died: the webhook gets a signed lead.delivery_failed event", async () => {
    const hook = await startHookReceiver();
    cleanups.push(hook.close);
    const { channels, store } = deadTeamEmail(hook.url);
    const { id } = await store.save({ ...visitor, sourceProgram: null }, randomUUID());

    expect(await runUntilDead(store, channels)).toEqual(['webhook']);
    await expect.poll(() => hook.received.length, { timeout: 10_000 }).toBe(2);
    const event = hook.received.find((received) => received.body.includes('lead.delivery_failed'));
    expect(event).toBeDefined();
    // Verifies with the Standard Webhooks library, as a receiver would.
    const verified = new Webhook(SECRET).verify(event?.body ?? '', event?.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe('lead.delivery_failed');
    expect(verified.data).toMatchObject({
      leadId: id,
      channel: 'team-email',
      retryCommand: RETRY_DEAD_COMMAND,
    });
    expect(String(verified.data.error)).toMatch(/^SMTP /);
    expect(event?.headers['webhook-id']).toMatch(new RegExp(`^${verified.data.deliveryId}-failed-\\d+$`));
    for (const value of personal) expect(event?.body).not.toContain(value);
  });

  it('a delivery sent again with --retry-dead that dies again is told again, under a new id', async () => {
    const hook = await startHookReceiver();
    cleanups.push(hook.close);
    // A receiver that drops repeats by webhook-id, as the README tells receivers to.
    const kept = new Map<string, string>();
    hook.set((req, res, body) => {
      const id = String(req.headers['webhook-id']);
      if (body.includes('lead.delivery_failed') && !kept.has(id)) kept.set(id, body);
      res.writeHead(204).end();
    });
    const { channels, store } = deadTeamEmail(hook.url);
    await store.save({ ...visitor, sourceProgram: null }, randomUUID());

    const told = runUntilDead(store, channels, 2);
    await expect.poll(() => kept.size, { timeout: 10_000 }).toBe(1);
    // The operator fixes nothing (or not enough) and sends it again: it dies a second time.
    expect(await store.retryDead()).toBe(1);
    expect(await told).toEqual(['webhook', 'webhook']);
    await expect.poll(() => kept.size, { timeout: 10_000 }).toBe(2);
    const deliveryIds = [...kept.values()].map(
      (body) => (JSON.parse(body) as { data: { deliveryId: string } }).data.deliveryId,
    );
    expect(new Set(deliveryIds).size, 'both notices are about the one delivery').toBe(1);
  });

  it('a notice the other channel fails to take at first is tried again until it is', async () => {
    const hook = await startHookReceiver();
    cleanups.push(hook.close);
    // The receiver takes leads, but has a moment of trouble as the notice comes: two 503s.
    let noticesRefused = 0;
    hook.set((_req, res, body) => {
      if (body.includes('lead.delivery_failed') && noticesRefused < 2) {
        noticesRefused += 1;
        res.writeHead(503).end();
      } else res.writeHead(204).end();
    });
    const { channels, store } = deadTeamEmail(hook.url);
    const { id } = await store.save({ ...visitor, sourceProgram: null }, randomUUID());

    expect(await runUntilDead(store, channels)).toEqual(['webhook']);
    const taken = hook.received.filter(
      (received) => received.body.includes('lead.delivery_failed') && received.answered === 204,
    );
    expect(taken).toHaveLength(1);
    expect(taken[0]?.body).toContain(id);
    expect(noticesRefused).toBe(2);
  });

  it('with a single channel there is no other one to tell', async () => {
    const hook = await startHookReceiver();
    cleanups.push(hook.close);
    const channels = createChannels({ LEADS_WEBHOOK_URL: hook.url, LEADS_WEBHOOK_SECRET: SECRET }, site, 500);
    const via = await channels.notifyDead(
      {
        deliveryId: randomUUID(),
        leadId: randomUUID(),
        channel: 'webhook',
        attempts: 9,
        firstAttemptAt: new Date().toISOString(),
        error: 'HTTP 500',
      },
      new Date(),
    );
    expect(via).toBeUndefined();
    expect(hook.received).toEqual([]);
  });

  it('picks the channel that is not the dead one', () => {
    const both: DeliveryChannel[] = ['team-email', 'webhook', 'visitor-email'];
    expect(noticeChannel('webhook', both)).toBe('team-email');
    expect(noticeChannel('team-email', both)).toBe('webhook');
    expect(noticeChannel('visitor-email', both)).toBe('webhook');
    expect(noticeChannel('visitor-email', ['team-email', 'visitor-email'])).toBeUndefined();
    expect(noticeChannel('team-email', ['team-email'])).toBeUndefined();
  });
});
