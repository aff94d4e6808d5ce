/**
 * 8-10. Lead delivery through the outbox, to a signed-webhook receiver on loopback (node:http):
 * 8. the receiver is down (500s, then refused connections, then slow answers) and comes back: every
 *    acknowledged lead is delivered, repeats only under the same webhook-id; with the receiver up,
 *    the time from the 201 to the lead's arrival (p50, p99);
 * 9. SIGKILL while deliveries are in flight, restart: every acknowledged lead delivered at least once;
 * 10. PostgreSQL, two server instances on one database: no delivery is being sent by both at once.
 * The server runs with LEADS_DELIVERY_FAST=1 (retries after 0.2-1.6 s, a 3 s lease, 2 s send
 * timeout) where retries matter (8, 9); the latency figure and scenario 10 use the production
 * schedule (1 s poll, a 60 s lease, 10 s send timeout).
 */
import { performance } from 'node:perf_hooks';
import { pollUntil } from '../../support/poll.ts';
import { leadIdOf, startHookReceiver, wasAccepted, type ReceivedHook } from '../../support/delivery-receivers.ts';
import { health } from '../http-client.ts';
import { runLoad } from '../load.ts';
import { startServer } from '../server-process.ts';
import { latencyText, summarize } from '../stats.ts';
import { acknowledged, submission } from '../submissions.ts';
import type { Report } from '../report.ts';
import { sleep, type Scenario } from './context.ts';

/** The webhook signing secret of every server these scenarios (and the lead-burst bench) start. */
const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

export function hookEnv(url: string, fast: boolean): Record<string, string> {
  return {
    LEADS_WEBHOOK_URL: url,
    LEADS_WEBHOOK_SECRET: SECRET,
    ...(fast ? { LEADS_DELIVERY_FAST: '1' } : {}),
  };
}

/** Acknowledged lead ids never accepted (2xx) by the receiver, and leads seen under more than one webhook-id. */
function account(ackedIds: readonly string[], received: readonly ReceivedHook[]) {
  const accepted = new Set(received.filter(wasAccepted).map(leadIdOf));
  const idsByLead = new Map<string, Set<string>>();
  for (const r of received) {
    const lead = leadIdOf(r);
    idsByLead.set(lead, (idsByLead.get(lead) ?? new Set()).add(String(r.headers['webhook-id'])));
  }
  const acceptedCount = new Map<string, number>();
  for (const r of received) {
    if (wasAccepted(r)) acceptedCount.set(leadIdOf(r), (acceptedCount.get(leadIdOf(r)) ?? 0) + 1);
  }
  return {
    missing: ackedIds.filter((id) => !accepted.has(id)),
    splitIds: [...idsByLead.values()].filter((ids) => ids.size > 1).length,
    repeats: [...acceptedCount.values()].reduce((sum, n) => sum + n - 1, 0),
  };
}

/** Waits (up to 90 s) until the receiver has accepted every one of `ids`; how it went and how long it took. */
async function awaitDelivery(ids: readonly string[], received: readonly ReceivedHook[]) {
  const startedAt = performance.now();
  const done = Boolean(await pollUntil(() => account(ids, received).missing.length === 0, { timeoutMs: 90_000 }));
  return { done, result: account(ids, received), seconds: (performance.now() - startedAt) / 1000 };
}

/** Every acknowledged lead delivered (check named `deliveredCheck`), and a repeat never under a new webhook-id. */
function checkDelivered(
  report: Report,
  { done, result }: Awaited<ReturnType<typeof awaitDelivery>>,
  deliveredCheck: string,
): void {
  report.figure('leads accepted more than once (same webhook-id)', result.repeats);
  report.check(deliveredCheck, done && result.missing.length === 0, `${result.missing.length} missing`);
  report.check(
    'a repeat always carries the same webhook-id',
    result.splitIds === 0,
    `${result.splitIds} leads under two ids`,
  );
}

async function submitAll(base: string, tag: string, count: number, concurrency: number) {
  const acked = new Map<string, number>();
  const items = Array.from({ length: count }, (_, i) => submission(tag, i, { kind: 'json' }));
  await runLoad({
    base,
    items,
    concurrency,
    onAnswer: (sub, answer) => {
      const ack = acknowledged(sub, answer);
      if (ack.ok && ack.id) acked.set(ack.id, Date.now());
    },
  });
  return acked;
}

export const deliveryOutageScenario: Scenario = {
  title: '8. Delivery: webhook receiver down (500s, refused, slow) and back; submit-to-delivery time',
  async run({ target, report, launch, tag }) {
    // No channel configured: the server starts and says so once.
    const plain = await launch(await target.fresh());
    const warnings = plain
      .output()
      .split('\n')
      .filter((line) => line.includes('No lead delivery channel is configured'));
    report.check(
      'with no channel configured the server starts and warns once',
      warnings.length === 1,
      `${warnings.length} warnings`,
    );
    await plain.stop();

    const hook = await startHookReceiver();
    try {
      // With the receiver up and the production schedule: how long from 201 to arrival.
      const store = await target.fresh();
      const server = await launch(store, { extraEnv: hookEnv(hook.url, false) });
      const upAcks = await submitAll(server.url, `${tag}up`, 200, 4);
      await pollUntil(() => account([...upAcks.keys()], hook.received).missing.length === 0, { timeoutMs: 60_000 });
      const firstArrival = new Map<string, number>();
      for (const r of hook.received) if (!firstArrival.has(leadIdOf(r))) firstArrival.set(leadIdOf(r), r.at);
      const latencies = [...upAcks].flatMap(([id, at]) => {
        const arrived = firstArrival.get(id);
        return arrived === undefined ? [] : [Math.max(0, arrived - at)];
      });
      report.figure(
        'submit to delivery, receiver up (production schedule, 1 s poll)',
        latencyText(summarize(latencies)),
      );
      report.check(
        'with the receiver up, every lead is delivered',
        latencies.length === upAcks.size,
        `${latencies.length} of ${upAcks.size}`,
      );
      await server.stop();
      hook.received.length = 0;

      // The outage, with fast retries.
      const outageStore = await target.fresh();
      hook.set((_req, res) => res.writeHead(500).end('maintenance'));
      const fast = await launch(outageStore, { extraEnv: hookEnv(hook.url, true) });
      const acks = await submitAll(fast.url, `${tag}down`, 300, 10);
      await pollUntil(() => hook.received.length >= 300, { timeoutMs: 30_000 });
      const during = await health(fast.url);
      report.check(
        '/healthz stays ok during the outage and reports the pending deliveries',
        during?.status === 'ok' && (during.deliveries?.pending ?? 0) > 0,
        JSON.stringify(during),
      );
      await hook.stop();
      await sleep(2000);
      await hook.restart();
      let slow = 0;
      hook.set((_req, res) => {
        slow += 1;
        // Some answers within the 2 s send timeout, some after it (the sender gives up and retries).
        setTimeout(() => res.writeHead(200).end(), slow % 3 === 0 ? 2500 : 800);
      });
      await sleep(3000);
      hook.set((_req, res) => res.writeHead(204).end());
      const delivery = await awaitDelivery([...acks.keys()], hook.received);
      report.figure('acknowledged during the outage', acks.size);
      report.figure(
        'delivered after the outage',
        `${acks.size - delivery.result.missing.length} of ${acks.size}, the last ${delivery.seconds.toFixed(1)} s after the receiver recovered`,
      );
      report.figure('requests the receiver saw (attempts)', hook.received.length);
      checkDelivered(report, delivery, 'every acknowledged lead is delivered after the outage');
      // A slow answer the receiver accepted after our timeout is still pending here, for one more send.
      const settled = async () => {
        const answer = await health(fast.url);
        return answer?.deliveries?.pending === 0 ? answer : null;
      };
      const after = (await pollUntil(settled, { timeoutMs: 30_000, intervalMs: 200 })) ?? (await health(fast.url));
      report.check(
        '/healthz reports nothing pending or dead afterwards',
        JSON.stringify(after?.deliveries) === JSON.stringify({ dead: 0, pending: 0, oldestPendingSeconds: null }),
        JSON.stringify(after),
      );
    } finally {
      await hook.close();
    }
  },
};

export const deliveryCrashScenario: Scenario = {
  title: '9. Delivery: SIGKILL with webhook deliveries in flight, restart on the same store',
  async run({ target, report, launch, tag, feed }) {
    const hook = await startHookReceiver();
    try {
      // Slow answers keep deliveries in flight when the kill comes.
      hook.set((_req, res) => setTimeout(() => res.writeHead(200).end(), 400));
      const store = await target.fresh();
      const env = hookEnv(hook.url, true);
      const first = await launch(store, { extraEnv: env });
      const acks = await submitAll(first.url, tag, 300, 10);
      await pollUntil(() => hook.received.length >= 40 && hook.received.some((r) => r.answered === 0), {
        timeoutMs: 30_000,
      });
      const inFlight = hook.received.filter((r) => r.answered === 0).length;
      first.kill('SIGKILL');
      const exit = await first.exited;
      report.check('the server died of SIGKILL', exit.signal === 'SIGKILL', `exit ${exit.code ?? exit.signal}`);
      report.figure('acknowledged before the kill', acks.size);
      report.figure('requests in flight at the receiver when killed', inFlight);
      report.figure(
        'leads accepted by the receiver before the kill',
        new Set(hook.received.filter((r) => r.answered === 200).map(leadIdOf)).size,
      );
      hook.set((_req, res) => res.writeHead(200).end());
      const second = await startServer({
        storeEnv: store.env,
        feedUrl: `${feed.base}/feed.xml`,
        port: first.port,
        extraEnv: env,
      });
      try {
        const delivery = await awaitDelivery([...acks.keys()], hook.received);
        report.figure('time to deliver the rest after the restart', `${delivery.seconds.toFixed(1)} s`);
        checkDelivered(report, delivery, 'every acknowledged lead is delivered at least once after the crash');
      } finally {
        await second.stop();
      }
    } finally {
      await hook.close();
    }
  },
};

export const deliveryTwoInstancesScenario: Scenario = {
  title: '10. Delivery: two server instances on one PostgreSQL never send one delivery at once',
  // The production schedule: the receiver never fails here, so no retry needs hurrying, and "no
  // lead twice" is the promise of production's 60 s lease and 10 s send timeout. Under the fast
  // schedule's 3 s and 2 s, an instance starved of the processor for a second past them sent leads
  // the other had already sent (9 of 400 in CI on 29 November, at load 12 beside the browser
  // tests): a repeat the design allows, under the same webhook-id, but not what two instances do.
  // Its servers run at the raised priority all the same: every lead must arrive within
  // awaitDelivery's 90 s, and at the usual priority, in CI at load 8, the 400 took 71 s (18-29 s
  // raised).
  timed: true,
  async run({ target, report, launch, tag }) {
    if (target.name !== 'PostgreSQL') {
      report.figure('skipped', 'SQLite serves one process; this scenario needs PostgreSQL');
      return;
    }
    const hook = await startHookReceiver();
    try {
      const active = new Set<string>();
      let overlaps = 0;
      hook.set((req, res) => {
        const id = String(req.headers['webhook-id']);
        if (active.has(id)) overlaps += 1;
        active.add(id);
        setTimeout(() => {
          active.delete(id);
          res.writeHead(200).end();
        }, 150);
      });
      const store = await target.fresh();
      const env = hookEnv(hook.url, false);
      const [a, b] = [await launch(store, { extraEnv: env }), await launch(store, { extraEnv: env })];
      const [acksA, acksB] = await Promise.all([
        submitAll(a?.url ?? '', `${tag}a`, 200, 5),
        submitAll(b?.url ?? '', `${tag}b`, 200, 5),
      ]);
      const ids = [...acksA.keys(), ...acksB.keys()];
      const { done, result } = await awaitDelivery(ids, hook.received);
      report.figure('acknowledged (both instances)', ids.length);
      report.figure('requests the receiver saw', hook.received.length);
      report.check('every lead is delivered', done && result.missing.length === 0, `${result.missing.length} missing`);
      report.check('no delivery was in flight from both instances at once', overlaps === 0, `${overlaps} overlaps`);
      report.check('no lead delivered twice', result.repeats === 0, `${result.repeats} repeats`);
    } finally {
      await hook.close();
    }
  },
};
