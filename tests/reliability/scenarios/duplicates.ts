/**
 * 2. Duplicates under load: 500 submissions that reuse 50 idempotency keys (ten sends of each, the
 * ten sent back to back so they race each other), at concurrency 50. Exactly 50 leads are stored,
 * and every answer for one key carries the same lead id.
 */
import { randomUUID } from 'node:crypto';
import { runLoad } from '../load.ts';
import { tally } from '../stats.ts';
import { checkAcknowledgedStored } from '../store-checks.ts';
import { withStore } from '../stores.ts';
import { acknowledged, compareWithStore, submission, type Ack } from '../submissions.ts';
import type { Scenario } from './context.ts';

const KEYS = 50;
const COPIES = 10;

export const duplicatesScenario: Scenario = {
  title: `2. Duplicates: ${KEYS * COPIES} submissions reusing ${KEYS} idempotency keys`,
  async run({ target, report, launch, tag }) {
    const store = await target.fresh();
    const server = await launch(store);
    const items = Array.from({ length: KEYS }, (_, k) => {
      const key = randomUUID();
      // Every tenth key arrives as the no-JavaScript form post, which carries the key in a field.
      return Array.from({ length: COPIES }, () => submission(tag, k, { key, kind: k % 10 === 9 ? 'form' : 'json' }));
    }).flat();

    const acks: Ack[] = [];
    const idsByKey = new Map<string, Set<string>>();
    const run = await runLoad({
      base: server.url,
      items,
      concurrency: 50,
      onAnswer: (sub, answer) => {
        const ack = acknowledged(sub, answer);
        if (!ack.ok) return;
        acks.push({ email: sub.email, key: sub.key, ...(ack.id ? { id: ack.id } : {}) });
        if (ack.id) idsByKey.set(sub.key, (idsByKey.get(sub.key) ?? new Set()).add(ack.id));
      },
    });
    const fiveXx = run.outcomes.filter((o) => o.answer.status >= 500).length;
    report.figure('answers', tally(run.outcomes.map((o) => o.answer.status || o.answer.error || 'none')));
    report.check('zero 5xx', fiveXx === 0, `${fiveXx} answers of 5xx`);
    report.check('every send acknowledged', acks.length === items.length, `${acks.length} of ${items.length}`);
    const split = [...idsByKey.values()].filter((ids) => ids.size !== 1).length;
    report.check('each key answered with one lead id', split === 0, `${split} keys answered with several ids`);

    const { comparison, count } = await withStore(store, async (s) => ({
      comparison: compareWithStore(acks, await s.list()),
      count: await s.count(),
    }));
    report.figure('rows in store', count);
    report.check(`exactly ${KEYS} leads stored`, count === KEYS, `${count} rows`);
    checkAcknowledgedStored(report, comparison, 'every acknowledged key is in the store');
  },
};
