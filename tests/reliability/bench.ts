/**
 * `npm run bench:leads`: the reliability suite's bench mode. What visitors reading pages see while
 * leads are being written, on each store (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
 * against the built production server. Timings only: CI's correctness run (`npm run
 * test:reliability`) does not include it, because timings on a shared machine are noisy.
 *
 * Per store, on one fresh server:
 *   idle        pages alone (the floor);
 *   steady      leads at a steady 300/s (open loop: sent on schedule, whatever the answers do);
 *   saturation  3,000 leads at concurrency 50 (closed loop: as fast as the server takes them).
 * Meanwhile a visitor opens `/` or `/results` every 20 ms on a new connection. The lead-delivery
 * outbox is active throughout: every lead is also sent as a signed webhook to a receiver on loopback
 * (production schedule), and the bench waits until each stored lead has been delivered. Page latency
 * during the burst is the first figure; leads/s, lead latency and delivery follow. Goals (issue 17): steady page
 * p99 <= 50 ms; saturation page p50 <= 15 ms and p99 <= 150 ms; SQLite's leads/s at least
 * PostgreSQL's. The load average is printed with every figure: re-run when the machine was busy.
 *
 * Environment: TEST_DATABASE_URL; BENCH_STEADY_RATE (300), BENCH_STEADY_SECONDS (10), BENCH_BURST (3000).
 */
import http from 'node:http';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { leadIdOf, startHookReceiver, wasAccepted } from '../support/delivery-receivers.ts';
import { startFeedServer } from '../support/feed-server.ts';
import { send, type Answer } from './http-client.ts';
import { runLoad } from './load.ts';
import { hookEnv } from './scenarios/delivery.ts';
import { ROOT, startServer } from './server-process.ts';
import { latencyText, summarize, type LatencySummary } from './stats.ts';
import { postgresTarget, sqliteTarget, withStore, type StoreTarget } from './stores.ts';
import { acknowledged, submission } from './submissions.ts';

if (!existsSync(`${ROOT}dist/server/entry.mjs`)) {
  console.error('bench:leads: no build in dist/ — run "npm run build" first.');
  process.exit(1);
}

const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 300);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 3000);
const CONCURRENCY = 50;
const PAGE_EVERY_MS = 20;
const load = () => loadavg()[0]!.toFixed(1);
/** How long the outbox may take, after the last 201, to hand every stored lead to the receiver. */
const DELIVERY_DRAIN_MS = 120_000;

/** Opens `/` or `/results` every PAGE_EVERY_MS on a new connection until stopped. */
function pageVisitors(base: string) {
  const visits: Promise<Answer>[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i += 1) {
      visits.push(send(base, { path: i % 2 === 0 ? '/' : '/results', timeoutMs: 30_000 }));
      await new Promise((resolve) => setTimeout(resolve, PAGE_EVERY_MS));
    }
  })();
  return async () => {
    running = false;
    await done;
    const answers = await Promise.all(visits);
    return { pages: summarize(answers.map((a) => a.ms)), failed: answers.filter((a) => a.status !== 200).length };
  };
}

interface Phase {
  name: string;
  pages: LatencySummary;
  pagesFailed: number;
  leadsPerSecond: number;
  leads: LatencySummary;
  leadsFailed: number;
  load: string;
}

interface Delivery {
  /** Leads the receiver accepted (distinct lead ids), and the store's count. */
  delivered: number;
  stored: number;
  /** Seconds from the end of the saturation burst until the last stored lead was delivered. */
  drainSeconds: number;
}

async function benchStore(target: StoreTarget, tag: string): Promise<{ phases: Phase[]; delivery: Delivery }> {
  const feed = await startFeedServer();
  const hooks = await startHookReceiver();
  const store = await target.fresh();
  const server = await startServer({
    storeEnv: store.env,
    feedUrl: `${feed.base}/feed.xml`,
    extraEnv: hookEnv(hooks.url, false),
  });
  const phases: Phase[] = [];
  // Leads the receiver has accepted, kept up as deliveries arrive: each body is read once, not on every poll.
  const delivered = new Set<string>();
  let scanned = 0;
  const deliveredLeads = () => {
    for (; scanned < hooks.received.length; scanned += 1) {
      const hook = hooks.received[scanned]!;
      if (hook.answered === 0) break; // Not answered yet: read it on a later poll.
      if (wasAccepted(hook)) delivered.add(leadIdOf(hook));
    }
    return delivered.size;
  };
  let delivery: Delivery = { delivered: 0, stored: 0, drainSeconds: 0 };
  try {
    // Warm-up: JIT, the page cache, the store's connections.
    await runLoad({
      base: server.url,
      items: Array.from({ length: 200 }, (_, i) => submission(`${tag}w`, i)),
      concurrency: 10,
    });
    for (let i = 0; i < 40; i += 1) await send(server.url, { path: i % 2 ? '/' : '/results' });

    // Idle.
    {
      const stop = pageVisitors(server.url);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const { pages, failed } = await stop();
      phases.push({
        name: 'idle',
        pages,
        pagesFailed: failed,
        leadsPerSecond: 0,
        leads: summarize([]),
        leadsFailed: 0,
        load: load(),
      });
    }

    // Steady, open loop.
    {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
      const total = STEADY_RATE * STEADY_SECONDS;
      const stop = pageVisitors(server.url);
      const started = performance.now();
      const sent: Promise<{ ok: boolean; ms: number }>[] = [];
      for (let i = 0; i < total; i += 1) {
        const due = started + (i * 1000) / STEADY_RATE;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        const sub = submission(`${tag}s`, i, { kind: 'json' });
        sent.push(
          send(server.url, { ...sub.request, agent, timeoutMs: 30_000 }).then((a) => ({
            ok: acknowledged(sub, a).ok,
            ms: a.ms,
          })),
        );
      }
      const answers = await Promise.all(sent);
      const elapsed = (performance.now() - started) / 1000;
      const { pages, failed } = await stop();
      agent.destroy();
      phases.push({
        name: `steady ${STEADY_RATE} leads/s`,
        pages,
        pagesFailed: failed,
        leadsPerSecond: answers.filter((a) => a.ok).length / elapsed,
        leads: summarize(answers.map((a) => a.ms)),
        leadsFailed: answers.filter((a) => !a.ok).length,
        load: load(),
      });
    }

    // Saturation, closed loop.
    {
      const stop = pageVisitors(server.url);
      const items = Array.from({ length: BURST }, (_, i) => submission(`${tag}b`, i, { kind: 'json' }));
      let acked = 0;
      const run = await runLoad({
        base: server.url,
        items,
        concurrency: CONCURRENCY,
        onAnswer: (sub, answer) => {
          if (acknowledged(sub, answer).ok) acked += 1;
        },
      });
      const { pages, failed } = await stop();
      phases.push({
        name: `saturation (${BURST} at concurrency ${CONCURRENCY})`,
        pages,
        pagesFailed: failed,
        leadsPerSecond: acked / (run.durationMs / 1000),
        leads: summarize(run.outcomes.map((o) => o.answer.ms)),
        leadsFailed: BURST - acked,
        load: load(),
      });
    }
    const rows = await withStore(store, (s) => s.count());
    const expected = 200 + STEADY_RATE * STEADY_SECONDS + BURST;
    if (rows !== expected) console.log(`  !! ${rows} leads stored, ${expected} sent`);

    // The outbox worked through the bursts alongside the pages; now it catches up.
    const burstEnded = performance.now();
    while (deliveredLeads() < rows && performance.now() - burstEnded < DELIVERY_DRAIN_MS)
      await new Promise((resolve) => setTimeout(resolve, 100));
    delivery = { delivered: deliveredLeads(), stored: rows, drainSeconds: (performance.now() - burstEnded) / 1000 };
  } finally {
    await server.stop();
    await hooks.close();
    await feed.close();
    await store.dispose();
  }
  return { phases, delivery };
}

const targets: StoreTarget[] = [sqliteTarget()];
if (process.env.TEST_DATABASE_URL) targets.push(await postgresTarget(process.env.TEST_DATABASE_URL));
console.log(
  `Lead-burst bench, ${new Date().toISOString()}, ${availableParallelism()} cores, Node ${process.version}, load average ${load()}`,
);
const results: Record<string, Phase[]> = {};
const deliveries: Record<string, Delivery> = {};
for (const target of targets) {
  const { phases, delivery } = await benchStore(target, `bench${process.pid}${target.name[0]}`);
  results[target.name] = phases;
  deliveries[target.name] = delivery;
  console.log(`\n${target.name}`);
  for (const p of phases) {
    console.log(
      `  ${p.name.padEnd(34)} pages ${latencyText(p.pages)}${p.pagesFailed ? ` (${p.pagesFailed} not 200)` : ''}; load ${p.load}`,
    );
    if (p.leadsPerSecond)
      console.log(
        `  ${''.padEnd(34)} leads ${p.leadsPerSecond.toFixed(0)}/s, ${latencyText(p.leads)}${p.leadsFailed ? ` (${p.leadsFailed} not acknowledged)` : ''}`,
      );
  }
  console.log(
    `  ${'webhook delivery (outbox)'.padEnd(34)} ${delivery.delivered} of ${delivery.stored} stored leads delivered, the last ${delivery.drainSeconds.toFixed(1)} s after the burst`,
  );
  await target.close();
}

const goals: string[] = [];
for (const [name, phases] of Object.entries(results)) {
  const steady = phases[1]!;
  const saturation = phases[2]!;
  if (steady.pages.p99 > 50) goals.push(`${name}: steady page p99 ${steady.pages.p99.toFixed(1)} ms > 50 ms`);
  if (saturation.pages.p50 > 15)
    goals.push(`${name}: saturation page p50 ${saturation.pages.p50.toFixed(1)} ms > 15 ms`);
  if (saturation.pages.p99 > 150)
    goals.push(`${name}: saturation page p99 ${saturation.pages.p99.toFixed(1)} ms > 150 ms`);
}
for (const [name, delivery] of Object.entries(deliveries)) {
  if (delivery.delivered < delivery.stored)
    goals.push(
      `${name}: ${delivery.stored - delivery.delivered} stored leads not delivered within ${DELIVERY_DRAIN_MS / 1000} s`,
    );
}
if (results.SQLite && results.PostgreSQL && results.SQLite[2]!.leadsPerSecond < results.PostgreSQL[2]!.leadsPerSecond)
  goals.push('SQLite takes fewer leads/s than PostgreSQL at saturation');
console.log(`\nLoad average at the end ${load()} on ${availableParallelism()} cores.`);
console.log(goals.length ? `Goals missed:\n  ${goals.join('\n  ')}` : 'Every goal met.');
process.exit(goals.length ? 1 : 0);
