/**
 * The visitor confirmation is not a relay (issue 24): the waiting-list routes as the server wires
 * them, a SQLite store with the team e-mail and the visitor confirmation, the delivery worker and a
 * real SMTP server, posted to as the attack did: hostile names, third-party addresses in many
 * spellings, many client addresses.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createChannels } from '../../../../src/server/delivery/channels.ts';
import { fastSchedule } from '../../../../src/server/delivery/schedule.ts';
import { createDeliveryWorker } from '../../../../src/server/delivery/worker.ts';
import { confirmationGroup } from '../../../../src/server/waitlist/confirmation-group.ts';
import { type LeadStore, openSqliteLeadStore } from '../../../../src/server/leads/store.ts';
import { startSmtpReceiver } from '../../../support/delivery-receivers.ts';
import { validSubmission } from '../../../support/lead-fixture.ts';
import { startWaitlistServer } from '../waitlist/harness.ts';

const TEAM = 'team@humanwise.example';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: { confirmationsPerHour: number; confirmationLimit?: number }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'confirmation-relay-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const smtp = await startSmtpReceiver();
  cleanups.push(smtp.close);
  const channels = createChannels(
    { SMTP_URL: smtp.url, LEADS_NOTIFY_EMAIL: [TEAM], LEADS_CONFIRM_VISITOR: true },
    {
      companyName: 'Humanwise Innovation Partners',
      contactEmail: 'hello@humanwise.example',
      siteUrl: 'https://www.humanwise.example',
    },
    5000,
  );
  cleanups.push(() => channels.close());
  const store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'), {
    channels: channels.enabled,
    confirmationsPerHour: options.confirmationsPerHour,
  });
  cleanups.push(() => store.close());
  const server = await startWaitlistServer({
    store,
    trustProxy: true,
    ...(options.confirmationLimit === undefined ? {} : { confirmationLimit: options.confirmationLimit }),
  });
  cleanups.push(() => server.stop());
  const worker = createDeliveryWorker({ store, schedule: fastSchedule, send: channels.send });
  worker.start();
  cleanups.push(() => worker.stop());
  const post = async (fields: Record<string, unknown>, from: string) => {
    const response = await fetch(`${server.origin}/api/waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), 'X-Forwarded-For': from },
      body: JSON.stringify(validSubmission(fields)),
    });
    expect(response.status).toBe(201);
  };
  return { smtp, store, post };
}

async function settled(store: LeadStore) {
  await expect.poll(async () => (await store.deliveryHealth()).pending, { timeout: 15_000 }).toBe(0);
}

describe('the visitor confirmation as a spam relay', () => {
  it('sends at most the hourly cap, one per inbox however spelt, with none of the hostile text; the team gets every lead', async () => {
    const { smtp, store, post } = await setUp({ confirmationsPerHour: 5 });
    const spellings = [
      'target+1@victim.example',
      'TARGET+3@VICTIM.example',
      'Target+news@Victim.Example',
      'target@victim.example',
    ];
    const addresses = [...spellings, ...Array.from({ length: 8 }, (_, i) => `stranger${i}@elsewhere.example`)];
    for (const [i, email] of addresses.entries()) {
      await post({ email, name: `Claim your prize at https://evil.example/${i}` }, `192.0.2.${i + 1}`);
    }
    await settled(store);

    const team = smtp.messages.filter((mail) => mail.to.includes(TEAM));
    const visitors = smtp.messages.filter((mail) => !mail.to.includes(TEAM));
    expect(team).toHaveLength(addresses.length);
    expect(visitors).toHaveLength(5);
    // The four spellings of one inbox got one confirmation between them (the first).
    expect(visitors.filter((mail) => /target/i.test(mail.to.join()))).toHaveLength(1);
    for (const mail of visitors) {
      expect(mail.text).toMatch(/^Hello,/);
      expect(mail.raw).not.toMatch(/prize|evil\.example/i);
    }
  });

  it('counts confirmations from one IPv6 /48 together, whichever /64 they come from', async () => {
    const { smtp, store, post } = await setUp({ confirmationsPerHour: 100, confirmationLimit: 2 });
    // Ten /64s inside 2001:db8:7::/48, each a client of its own for the submission limit.
    for (let i = 0; i < 10; i += 1) {
      await post({ email: `victim${i}@elsewhere.example`, name: 'Dana Whitfield' }, `2001:db8:7:${i.toString(16)}::1`);
    }
    await post({ email: 'neighbour@elsewhere.example', name: 'Dana Whitfield' }, '2001:db8:8::1');
    await settled(store);
    const visitors = smtp.messages.filter((mail) => !mail.to.includes(TEAM));
    expect(visitors.map((mail) => mail.to[0]).sort()).toEqual([
      'neighbour@elsewhere.example',
      'victim0@elsewhere.example',
      'victim1@elsewhere.example',
    ]);
    expect(smtp.messages.filter((mail) => mail.to.includes(TEAM))).toHaveLength(11);
  });

  it.each([
    ['2001:db8:7:ff::/64', '2001:db8:7::/48'],
    ['2001:db8:7:0::/64', '2001:db8:7::/48'],
    ['192.0.2.7', '192.0.2.7'],
    ['unknown', 'unknown'],
  ])('client %s confirms as %s', (client, group) => {
    expect(confirmationGroup(client)).toBe(group);
  });
});
