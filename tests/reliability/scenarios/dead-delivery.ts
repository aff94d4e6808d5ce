/**
 * 13. A dead delivery reaches a person: the webhook receiver is killed for good (refused
 * connections), the lead's webhook delivery dies (LEADS_DELIVERY_FAST: after 60 s), the team's
 * mailbox (a real SMTP server on loopback) gets "a lead could not be delivered to your CRM" with the
 * lead's id, /healthz and /metrics show the dead delivery, and after the receiver is back
 * `npm run leads:deliveries -- --retry-dead` delivers it with its original webhook-id.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { leadIdOf, startHookReceiver, startSmtpReceiver, wasAccepted } from '../../support/delivery-receivers.ts';
import { pollUntil } from '../../support/poll.ts';
import { health, send } from '../http-client.ts';
import { ROOT } from '../server-process.ts';
import { acknowledged, submission } from '../submissions.ts';
import { hookEnv } from './delivery.ts';
import type { Scenario } from './context.ts';

const METRICS_TOKEN = 'reliability-metrics-token-0123456789';

/** The operator's command, as the README gives it, on the scenario's store. */
function npmRun(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

function sampleOf(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

export const deadDeliveryScenario: Scenario = {
  title: '13. Delivery: webhook receiver gone for good; the team is told, then --retry-dead recovers',
  async run({ target, report, launch, tag }) {
    const smtp = await startSmtpReceiver();
    const hook = await startHookReceiver();
    try {
      await hook.stop(); // killed: every attempt is a refused connection
      const store = await target.fresh();
      const server = await launch(store, {
        extraEnv: {
          ...hookEnv(hook.url, true),
          SMTP_URL: smtp.url,
          LEADS_NOTIFY_EMAIL: 'team@humanwise.example',
          METRICS_TOKEN,
        },
      });
      const sub = submission(tag, 0, { kind: 'json' });
      const ack = acknowledged(sub, await send(server.url, sub.request));
      report.check('the lead is acknowledged while the CRM is down', ack.ok && Boolean(ack.id), JSON.stringify(ack));
      const leadId = ack.id ?? '';

      const t0 = performance.now();
      const subjectOf = (i: number) => smtp.messages[i]?.headers.get('subject')?.[0] ?? '';
      const noticed = await pollUntil(
        () => smtp.messages.some((_, i) => subjectOf(i).startsWith('A lead could not be delivered to your CRM')),
        { timeoutMs: 120_000, intervalMs: 200 },
      );
      const notice = smtp.messages.find((_, i) => subjectOf(i).startsWith('A lead could not be delivered'));
      report.figure(
        'from the 201 to the team being told (fast schedule: dead after 60 s)',
        `${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      report.check(
        "the team's e-mail says the lead could not be delivered to the CRM, with its id and the retry command",
        noticed === true &&
          Boolean(notice?.text.includes(`Lead id: ${leadId}`)) &&
          Boolean(notice?.text.includes('npm run leads:deliveries -- --retry-dead')),
        notice ? notice.text.slice(0, 300) : `${smtp.messages.length} messages, none a notice`,
      );
      const values = JSON.parse(String(sub.request.body)) as { name: string; email: string; companyName: string };
      report.check(
        'the notice carries none of the visitor’s data',
        Boolean(notice) && ![values.name, values.email, values.companyName].some((v) => notice?.raw.includes(v)),
      );
      report.check(
        'the lead itself still reached the team by e-mail',
        smtp.messages.some((m) => m.headers.get('x-lead-id')?.[0] === leadId && m !== notice),
      );

      const answer = await health(server.url);
      report.check(
        '/healthz shows the dead delivery and stays ok',
        answer?.status === 'ok' && answer.deliveries?.dead === 1,
        JSON.stringify(answer),
      );
      const metrics = await send(server.url, {
        path: '/metrics',
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = metrics.body.toString('utf8');
      report.check(
        '/metrics shows it: lead_deliveries_dead 1, one webhook delivery counted dead',
        sampleOf(text, 'lead_deliveries_dead') === 1 &&
          sampleOf(text, 'lead_deliveries_total{channel="webhook",outcome="dead"}') === 1,
        `status ${metrics.status}`,
      );

      // The receiver is back; the operator retries the dead delivery.
      await hook.restart();
      const retried = await npmRun(['leads:deliveries', '--', '--retry-dead'], store.env);
      report.check('npm run leads:deliveries -- --retry-dead succeeds', retried.code === 0, retried.output.slice(-300));
      const delivered = await pollUntil(
        () => hook.received.some((r) => wasAccepted(r) && r.body.includes('"lead.created"') && leadIdOf(r) === leadId),
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      const deliveryId = /Delivery id: (\S+)/.exec(notice?.text ?? '')?.[1];
      const accepted = hook.received.find((r) => wasAccepted(r) && r.body.includes('"lead.created"'));
      report.check(
        'the webhook receives the lead after --retry-dead, under its original webhook-id',
        delivered === true && accepted?.headers['webhook-id'] === deliveryId,
        `webhook-id ${String(accepted?.headers['webhook-id'])}, dead delivery ${deliveryId}`,
      );
      const after = await pollUntil(async () => (await health(server.url))?.deliveries?.dead === 0, {
        timeoutMs: 15_000,
        intervalMs: 200,
      });
      const metricsAfter = await send(server.url, {
        path: '/metrics',
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      report.check(
        '/healthz and /metrics show no dead delivery afterwards',
        after === true && sampleOf(metricsAfter.body.toString('utf8'), 'lead_deliveries_dead') === 0,
      );
    } finally {
      await hook.close().catch(() => {});
      await smtp.close();
    }
  },
};
