/**
 * 12. The visitor confirmation is not a spam relay (issue 24). With LEADS_CONFIRM_VISITOR=1, the
 * default hourly cap (LEADS_CONFIRM_MAX_PER_HOUR=30) and the production rate limit behind a trusted
 * proxy, 100 leads from 40 client addresses (IPv4 and IPv6), each naming a third party's address
 * (some of them one inbox spelt several ways) and a hostile "name": at most the cap of
 * confirmations go out, none carries the hostile text, every lead reaches the team's inbox, and
 * the log says once that the cap was reached.
 */
import { randomUUID } from 'node:crypto';
import { startSmtpReceiver } from '../../support/delivery-receivers.ts';
import { pollUntil } from '../../support/poll.ts';
import { health, json, send } from '../http-client.ts';
import { submissionValues } from '../submissions.ts';
import type { Scenario } from './context.ts';

const LEADS = 100;
const CLIENTS = 40;
const CAP = 30;
const TEAM = 'team@humanwise.example';

const HOSTILE_NAMES = [
  (i: number) => `Claim your prize at https://evil.example/${i}`,
  () => 'You won! Visit www evil example today',
  () => '=?utf-8?B?Q2xhaW0geW91ciBwcml6ZQ==?=',
  (i: number) => `Call +1 555 01${String(i % 100).padStart(2, '0')} to collect`,
];
/** Text of the hostile names that must never reach a confirmation. */
const HOSTILE_TEXT = /prize|evil|won!|Q2xhaW0|555 01|collect/i;

/** Client i: 20 IPv4 addresses and 20 IPv6 /64s in different /48s, as the attack's 22 loopback addresses. */
const clientAddress = (i: number) => (i % 2 === 0 ? `198.51.100.${i + 1}` : `2001:db8:${(i + 1).toString(16)}:1::7`);

export const confirmationRelayScenario: Scenario = {
  title: `12. The visitor confirmation is no relay (${LEADS} leads, ${CLIENTS} clients, cap ${CAP}/h)`,
  async run({ target, report, launch, tag }) {
    const smtp = await startSmtpReceiver();
    try {
      const store = await target.fresh();
      const server = await launch(store, {
        rateLimit: 5,
        extraEnv: {
          TRUST_PROXY: '1',
          SMTP_URL: smtp.url,
          LEADS_NOTIFY_EMAIL: TEAM,
          LEADS_CONFIRM_VISITOR: '1',
          LEADS_DELIVERY_FAST: '1',
        },
      });

      const ids: string[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < LEADS; i += 1) {
        // Every fifth lead names one victim's inbox in another spelling; the rest, other strangers.
        const email = i % 5 === 0 ? `victim+${i}@Target-${tag}.example` : `stranger-${i}@target-${tag}.example`;
        const name = (HOSTILE_NAMES[i % HOSTILE_NAMES.length] as (i: number) => string)(i);
        const answer = await send(server.url, {
          method: 'POST',
          path: '/api/waitlist',
          headers: {
            'Content-Type': 'application/json',
            'Idempotency-Key': randomUUID(),
            'X-Forwarded-For': clientAddress(i % CLIENTS),
          },
          body: JSON.stringify({ ...submissionValues(tag, i), email, name, website: '' }),
        });
        statuses.push(answer.status);
        const id = json(answer)?.id;
        if (answer.status === 201 && typeof id === 'string') ids.push(id);
      }
      report.check(`all ${LEADS} leads are acknowledged (201)`, ids.length === LEADS, `${ids.length} acknowledged`);

      const team = () => smtp.messages.filter((mail) => mail.to.includes(TEAM));
      // Every lead's mail to the team is in, and the store has nothing left to send: each
      // confirmation it queued has gone out too (the same worker sends both).
      await pollUntil(
        async () => team().length >= ids.length && (await health(server.url))?.deliveries?.pending === 0,
        {
          timeoutMs: 90_000,
          intervalMs: 100,
        },
      );
      const confirmations = smtp.messages.filter((mail) => !mail.to.includes(TEAM));
      const teamIds = new Set(team().flatMap((mail) => mail.headers.get('x-lead-id') ?? []));
      const missing = ids.filter((id) => !teamIds.has(id));

      // Delivery is at least once: a send that outlives its timeout or its lease (2 s and 3 s under
      // LEADS_DELIVERY_FAST) is made again, and on a loaded machine the receiver may have had the
      // first. The cap is on the confirmations the store queues (a CI run under load received 35
      // messages for 30), and a repeat carries its delivery's Message-ID again
      // (src/server/delivery/visitor-email.ts), so each confirmation is counted once by that
      // header; the repeats are a figure.
      const distinct = (mails: typeof confirmations) =>
        new Set(mails.map((mail) => mail.headers.get('message-id')?.[0] ?? mail.raw)).size;
      const queued = distinct(confirmations);
      const inboxes = new Set(confirmations.map((mail) => (mail.to[0] ?? '').toLowerCase()));
      report.figure('confirmations sent', confirmations.length);
      report.figure('of them, sent again after a late answer', confirmations.length - queued);
      report.check('every lead reaches the team', missing.length === 0, `${missing.length} missing`);
      report.check(
        `at most the hourly cap (${CAP}) of confirmations`,
        queued <= CAP && queued > 0,
        `${queued} confirmations to ${inboxes.size} inboxes`,
      );
      const victim = distinct(confirmations.filter((mail) => /^victim/i.test(mail.to[0] ?? '')));
      report.check('one inbox however spelt gets one confirmation', victim <= 1, `${victim} to it`);
      const carrying = confirmations.filter((mail) => HOSTILE_TEXT.test(mail.raw));
      report.check('no confirmation carries the hostile text', carrying.length === 0, `${carrying.length} do`);
      const capLines = server
        .output()
        .split('\n')
        .filter((line) => line.includes('LEADS_CONFIRM_MAX_PER_HOUR'));
      report.check('the log says once that the cap was reached', capLines.length === 1, `${capLines.length} lines`);
    } finally {
      await smtp.close();
    }
  },
};
