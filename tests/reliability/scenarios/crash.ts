/**
 * 3. Crash: SIGKILL in the middle of a load run, then a restart on the same store. Every lead that
 * was acknowledged before the kill is there exactly once, the store passes its integrity check, the
 * server serves again, and visitors whose requests were cut off can simply send again: their
 * retries (same idempotency keys) are stored once.
 */
import { runLoad } from '../load.ts';
import { send } from '../http-client.ts';
import { startServer } from '../server-process.ts';
import { tally } from '../stats.ts';
import { checkAcknowledgedStored } from '../store-checks.ts';
import { withStore } from '../stores.ts';
import { acknowledged, compareWithStore, submission, type Ack, type Submission } from '../submissions.ts';
import type { Scenario } from './context.ts';

const TOTAL = 3000;
const KILL_AFTER_ACKS = 400;

export const crashScenario: Scenario = {
  title: `3. Crash: SIGKILL after ${KILL_AFTER_ACKS} acknowledged submissions, restart on the same store`,
  async run({ target, report, launch, tag, feed }) {
    const store = await target.fresh();
    const first = await launch(store);
    const acks: Ack[] = [];
    let killed = false;

    const items = Array.from({ length: TOTAL }, (_, i) => submission(tag, i));
    const run = await runLoad({
      base: first.url,
      items,
      concurrency: 50,
      // On until the process has gone, not only until the kill is sent: on a loaded machine the
      // server had answered every request in flight before the signal landed, leaving none cut off.
      keepGoing: first.running,
      onAnswer: (sub, answer) => {
        const ack = acknowledged(sub, answer);
        if (ack.ok) acks.push({ email: sub.email, key: sub.key, ...(ack.id ? { id: ack.id } : {}) });
        if (!killed && acks.length >= KILL_AFTER_ACKS) {
          killed = true;
          first.kill('SIGKILL');
        }
      },
    });
    const unanswered: Submission[] = [];
    for (const o of run.outcomes) if (!acknowledged(o.item, o.answer).ok) unanswered.push(o.item);
    const exit = await first.exited;

    report.figure(
      'answers before and at the kill',
      tally(run.outcomes.map((o) => o.answer.status || o.answer.error || 'none')),
    );
    report.figure('acknowledged before the kill', acks.length);
    report.figure('cut off by the kill (no answer)', unanswered.length);
    report.check('the server died of SIGKILL', exit.signal === 'SIGKILL', `exit ${exit.code ?? exit.signal}`);
    // Otherwise the checks on cut-off requests below would pass with nothing to judge.
    report.check(
      'the kill cut off requests in flight',
      unanswered.length > 0,
      `${unanswered.length} without an acknowledgement`,
    );
    report.check(
      'no 5xx before the kill',
      run.outcomes.every((o) => o.answer.status < 500),
    );

    // Restart on the same store and port, as a process supervisor would.
    const second = await startServer({
      storeEnv: store.env,
      feedUrl: `${feed.base}/feed.xml`,
      port: first.port,
      rateLimit: 0,
    });
    try {
      const { comparison, integrity } = await withStore(store, async (s) => ({
        integrity: await s.checkIntegrity(),
        comparison: compareWithStore(acks, await s.list()),
      }));
      report.figure(
        'rows after restart',
        `${comparison.rows} (acknowledged ${acks.length}; stored but never acknowledged ${comparison.rows - acks.length})`,
      );
      report.check('store passes its integrity check after the crash', integrity);
      checkAcknowledgedStored(report, comparison, 'every acknowledged lead survived the crash');
      report.check(
        'nothing beyond the requests in flight was stored',
        comparison.rows <= acks.length + unanswered.length,
        `${comparison.rows} rows`,
      );

      const health = await send(second.url, { path: '/healthz' });
      const home = await send(second.url, { path: '/' });
      report.check(
        'the restarted server answers /healthz 200 and the home page 200',
        health.status === 200 && home.status === 200,
        `healthz ${health.status}, / ${home.status}`,
      );

      // The visitors who got no answer send again with the same key.
      const retry = await runLoad({ base: second.url, items: unanswered, concurrency: 50 });
      const retried = retry.outcomes.filter((o) => acknowledged(o.item, o.answer).ok).length;
      report.check(
        'every cut-off submission is acknowledged when sent again',
        retried === unanswered.length,
        `${retried} of ${unanswered.length}`,
      );
      const fresh = submission(`${tag}after`, 0, { kind: 'json' });
      const after = await send(second.url, fresh.request);
      report.check('a new submission is stored after the restart', after.status === 201, `HTTP ${after.status}`);

      const final = await withStore(store, async (s) =>
        compareWithStore([...acks, ...unanswered.map((u) => ({ email: u.email, key: u.key }))], await s.list()),
      );
      const expected = acks.length + unanswered.length + 1;
      report.figure('rows after the retries', final.rows);
      report.check(
        'after the retries each submission is stored exactly once',
        final.missing.length === 0 && final.duplicated.length === 0 && final.rows === expected,
        `${final.rows} rows for ${expected} submissions, ${final.missing.length} missing, ${final.duplicated.length} duplicated`,
      );
    } finally {
      await second.stop();
    }
  },
};
