/**
 * 1. Load: 5,000 valid submissions at concurrency 50, each with its own idempotency key (nine in
 * ten as JSON from the wizard, one in ten as the no-JavaScript form post). Every acknowledged
 * submission is in the store exactly once; zero 5xx.
 */
import { runLoad } from '../load.ts';
import { send } from '../http-client.ts';
import { latencyText, summarize, tally } from '../stats.ts';
import { checkStoreAfterRun } from '../store-checks.ts';
import { acknowledged, submission, type Ack } from '../submissions.ts';
import type { Scenario } from './context.ts';

export const LOAD_TOTAL = Number(process.env.RELIABILITY_LOAD_TOTAL ?? 5000);
export const CONCURRENCY = 50;
const WARM_UP = 50;

export const loadScenario: Scenario = {
  title: `1. Load: ${LOAD_TOTAL} submissions at concurrency ${CONCURRENCY}`,
  async run({ target, report, launch, tag }) {
    const store = await target.fresh();
    const server = await launch(store);
    const acks: Ack[] = [];
    const record = (sub: ReturnType<typeof submission>, answer: Parameters<typeof acknowledged>[1]) => {
      const ack = acknowledged(sub, answer);
      if (ack.ok) acks.push({ email: sub.email, key: sub.key, ...(ack.id ? { id: ack.id } : {}) });
    };

    // Warm-up (JIT, connection pool): stored and checked like the rest, left out of the figures.
    const warm = Array.from({ length: WARM_UP }, (_, i) => submission(`${tag}w`, i));
    const warmRun = await runLoad({ base: server.url, items: warm, concurrency: CONCURRENCY, onAnswer: record });

    // Meanwhile a new visitor arrives every 250 ms (a new connection each time) for the home page
    // or /healthz: what the rest of the world sees while the form is under load.
    const visits: Promise<{ status: number; ms: number }>[] = [];
    let loading = true;
    const visitors = (async () => {
      for (let i = 0; loading; i += 1) {
        visits.push(send(server.url, { path: i % 2 === 0 ? '/' : '/healthz', timeoutMs: 60_000 }));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    const items = Array.from({ length: LOAD_TOTAL }, (_, i) => submission(tag, i));
    const run = await runLoad({ base: server.url, items, concurrency: CONCURRENCY, onAnswer: record });
    loading = false;
    await visitors;
    const visited = await Promise.all(visits);
    const all = [...warmRun.outcomes, ...run.outcomes];

    const statuses = run.outcomes.map((o) => o.answer.status || o.answer.error || 'none');
    const fiveXx = all.filter((o) => o.answer.status >= 500).length;
    const failures = all.filter((o) => o.answer.status === 0).length;
    const latency = summarize(run.outcomes.map((o) => o.answer.ms));
    const jsonLatency = summarize(run.outcomes.filter((o) => o.item.kind === 'json').map((o) => o.answer.ms));
    const formLatency = summarize(run.outcomes.filter((o) => o.item.kind === 'form').map((o) => o.answer.ms));

    report.figure('requests', `${LOAD_TOTAL} (+${WARM_UP} warm-up), concurrency ${CONCURRENCY}, keep-alive`);
    report.figure('answers', tally(statuses));
    report.figure(
      'throughput',
      `${run.throughput.toFixed(0)} submissions/s over ${(run.durationMs / 1000).toFixed(2)} s`,
    );
    report.figure('latency (all)', latencyText(latency));
    report.figure('latency (JSON, 201)', latencyText(jsonLatency));
    report.figure('latency (form post, success page)', latencyText(formLatency));

    report.figure(
      'new visitors meanwhile (home page, /healthz)',
      `${visited.length}: ${tally(visited.map((v) => v.status || 'none'))}; ${latencyText(summarize(visited.map((v) => v.ms)))}`,
    );
    // What the server logged of each submission it failed (the store's error code, or the pool's
    // message): on a CI machine where this once failed, nothing else said which step had stalled.
    const failed = server.logEntries().filter((entry) => entry.event === 'waitlist' && Number(entry.status) >= 500);
    if (failed.length > 0) {
      report.figure('the server logged', tally(failed.map((entry) => `${entry.outcome}: ${entry.storeError ?? '-'}`)));
    }
    report.check('zero 5xx', fiveXx === 0, `${fiveXx} answers of 5xx`);
    report.check(
      'new visitors are served meanwhile (200)',
      visited.every((v) => v.status === 200),
      tally(visited.map((v) => v.status || 'none')),
    );
    report.check('every request answered', failures === 0, `${failures} without an answer`);
    report.check(
      'every submission acknowledged (201 / success page)',
      acks.length === all.length,
      `${acks.length} of ${all.length}`,
    );

    const comparison = await checkStoreAfterRun(report, store, acks);
    report.check(
      'rows equal acknowledgements',
      comparison.rows === acks.length,
      `${comparison.rows} rows, ${acks.length} acknowledged`,
    );
    const health = await send(server.url, { path: '/healthz' });
    report.check('/healthz is 200 after the run', health.status === 200, `HTTP ${health.status}`);
  },
};
