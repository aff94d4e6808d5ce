/**
 * From the form to the team's inbox: the waiting-list routes as the server wires them, a SQLite
 * store with the team e-mail and webhook channels, the delivery worker, a real SMTP server and a
 * real HTTP receiver, with hostile values the schema accepts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createChannels } from '../../../../src/server/delivery/channels.ts';
import { fastSchedule } from '../../../../src/server/delivery/schedule.ts';
import { createDeliveryWorker } from '../../../../src/server/delivery/worker.ts';
import { openSqliteLeadStore } from '../../../../src/server/leads/store.ts';
import { startHookReceiver, startSmtpReceiver } from '../../../support/delivery-receivers.ts';
import { validSubmission } from '../../../support/lead-fixture.ts';
import { startWaitlistServer } from '../waitlist/harness.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('delivers a lead with newlines and <>"& in it: one e-mail with every value intact, one signed webhook', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'delivery-e2e-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const smtp = await startSmtpReceiver();
  cleanups.push(smtp.close);
  const hook = await startHookReceiver();
  cleanups.push(hook.close);
  const settings = {
    SMTP_URL: smtp.url,
    LEADS_NOTIFY_EMAIL: ['team@humanwise.example'],
    LEADS_WEBHOOK_URL: hook.url,
    LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 5).toString('base64')}`,
  };
  const channels = createChannels(
    settings,
    {
      companyName: 'Humanwise Innovation Partners',
      contactEmail: 'hello@humanwise.example',
      siteUrl: 'https://www.humanwise.example',
    },
    5000,
  );
  cleanups.push(() => channels.close());
  const store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'), { channels: channels.enabled });
  cleanups.push(() => store.close());
  const server = await startWaitlistServer({ store });
  cleanups.push(() => server.stop());
  const worker = createDeliveryWorker({ store, schedule: fastSchedule, send: channels.send });
  worker.start();
  cleanups.push(() => worker.stop());

  const hostile = {
    name: `Zoë "Z" O'Brien <&>`,
    companyName: 'Smith & Sons <script>alert(1)</script> "Ltd"',
    additionalInfo: 'First line\nBcc: victim@example.net\n\nSubject: forged\n<b>&amp;</b> "quoted"',
    program: 'ripple-effect',
  };
  const response = await fetch(`${server.origin}/api/waitlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(validSubmission(hostile)),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };

  await expect.poll(async () => (await store.deliveryHealth()).pending, { timeout: 15_000 }).toBe(0);
  expect(smtp.messages).toHaveLength(1);
  const [mail] = smtp.messages;
  expect(mail?.to).toEqual(['team@humanwise.example']);
  expect(mail?.headers.has('bcc')).toBe(false);
  expect(mail?.headers.get('subject')).toHaveLength(1);
  expect(mail?.headers.get('x-lead-id')).toEqual([id]);
  expect(mail?.headers.get('reply-to')?.[0]).toMatch(/<dana\.whitfield@example\.com>$/);
  expect(mail?.text).toContain(hostile.additionalInfo.replaceAll('\n', '\r\n'));
  expect(mail?.text).toContain(`Company: ${hostile.companyName}`);
  expect(mail?.text).toContain('https://www.humanwise.example/program/ripple-effect');
  expect(mail?.html).toContain('Smith &amp; Sons &lt;script&gt;alert(1)&lt;/script&gt; &quot;Ltd&quot;');
  expect(mail?.html).not.toContain('<script>');

  expect(hook.received).toHaveLength(1);
  const body = JSON.parse(hook.received[0]?.body ?? '{}');
  expect(body.data).toMatchObject({ id, companyName: hostile.companyName, additionalInfo: hostile.additionalInfo });
});
