/**
 * 7. Graceful shutdown: SIGTERM in the middle of a load run whose 50 clients keep sending over their
 * keep-alive connections until they are turned away (connection refused), as a load balancer's
 * clients would. The server stops accepting, finishes what is in flight, closes the store and exits
 * 0 without needing its 10 s forced close; every submission it acknowledged, before or after the
 * signal, is in the store.
 */
import { performance } from 'node:perf_hooks';
import { runLoad } from '../load.ts';
import { tally } from '../stats.ts';
import { withStore } from '../stores.ts';
import { acknowledged, compareWithStore, submission, type Ack } from '../submissions.ts';
import type { Scenario } from './context.ts';

/** More than the run can send: the clients stop when the server is gone, not when this runs out. */
const TOTAL = 20_000;
const SIGTERM_AFTER_ACKS = 400;

export const shutdownScenario: Scenario = {
  title: `7. Shutdown: SIGTERM after ${SIGTERM_AFTER_ACKS} acknowledged submissions, clients still sending`,
  async run({ target, report, launch, tag }) {
    const store = await target.fresh();
    const server = await launch(store);
    const acks: Ack[] = [];
    let signalledAt = 0;
    let exitedAt = 0;
    let acksAfterSignal = 0;
    void server.exited.then(() => {
      exitedAt = performance.now();
    });

    const items = Array.from({ length: TOTAL }, (_, i) => submission(tag, i));
    const run = await runLoad({
      base: server.url,
      items,
      concurrency: 50,
      // Visitors do not know the server is stopping: keep sending until it is gone.
      keepGoing: () => exitedAt === 0,
      stopsWorker: (answer) => answer.error === 'ECONNREFUSED',
      timeoutMs: 15_000,
      onAnswer: (sub, answer) => {
        const ack = acknowledged(sub, answer);
        if (ack.ok) {
          acks.push({ email: sub.email, key: sub.key, ...(ack.id ? { id: ack.id } : {}) });
          if (signalledAt > 0) acksAfterSignal += 1;
        }
        if (signalledAt === 0 && acks.length >= SIGTERM_AFTER_ACKS) {
          signalledAt = performance.now();
          server.kill('SIGTERM');
        }
      },
    });
    const exit = await server.exited;
    if (exitedAt === 0) exitedAt = performance.now();
    const shutdownMs = exitedAt - signalledAt;
    const statuses = run.outcomes.map((o) => o.answer.status || o.answer.error || 'none');

    report.figure('answers', tally(statuses));
    report.figure('acknowledged', `${acks.length} (${acksAfterSignal} of them after SIGTERM)`);
    report.figure('SIGTERM to exit', `${shutdownMs.toFixed(0)} ms`);
    report.check('the server exits 0', exit.code === 0, `exit ${exit.code ?? exit.signal}`);
    const forced = server.output().includes('requests still open after 10 s');
    report.check(
      'it drains without the forced close at 10 s',
      !forced && shutdownMs < 10_000,
      `${shutdownMs.toFixed(0)} ms${forced ? ', forced' : ''}`,
    );
    report.check(
      'zero 5xx',
      run.outcomes.every((o) => o.answer.status < 500),
    );
    // A request that got no answer must not have been half done: none of them may be in the store
    // (that would be a visitor shown an error for a lead we kept). Resets on new connections are
    // connections still waiting in the kernel's accept queue when the server stopped listening: the
    // server never read them.
    const unanswered = run.outcomes.filter((o) => o.answer.status === 0 && o.answer.error !== 'ECONNREFUSED');
    const onNew = unanswered.filter((o) => !o.answer.reusedConnection).length;
    report.figure(
      'no answer (other than refused)',
      unanswered.length === 0
        ? 'none'
        : `${tally(unanswered.map((o) => o.answer.error ?? ''))}: ${onNew} on connections never accepted, ${unanswered.length - onNew} on connections in use`,
    );

    // The signal must land under load, or the checks below pass with nothing to judge: requests in
    // flight at SIGTERM are finished, and clients that keep sending are cut off (refused, or reset
    // while waiting to be accepted).
    const cutOff = run.outcomes.filter((o) => o.answer.status === 0).length;
    report.check('requests in flight at SIGTERM were answered', acksAfterSignal > 0, `${acksAfterSignal} acknowledged`);
    report.check('clients still sending were cut off once it stopped', cutOff > 0, `${cutOff} without an answer`);

    const { comparison, integrity } = await withStore(store, async (s) => ({
      comparison: compareWithStore(acks, await s.list()),
      integrity: await s.checkIntegrity(),
    }));
    report.figure('rows in store', comparison.rows);
    report.check(
      'every acknowledged submission is in the store',
      comparison.missing.length === 0,
      `${comparison.missing.length} missing`,
    );
    report.check('none stored twice', comparison.duplicated.length === 0, `${comparison.duplicated.length} duplicated`);
    report.check('store passes its integrity check', integrity);
    const stored = new Set((await withStore(store, (s) => s.list())).map((lead) => lead.email));
    const halfDone = unanswered.filter((o) => stored.has(o.item.email)).length;
    report.check(
      'no request cut off half done (stored, but its visitor got no answer)',
      halfDone === 0,
      `${halfDone} of ${unanswered.length}`,
    );
    const output = server.output();
    report.check('no error logged while shutting down', !/"level":(50|60)/.test(output), output.slice(-300));
  },
};
