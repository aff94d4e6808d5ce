/**
 * 6. Feed faults: the blog's feed host hangs, stalls mid-body, answers 500, answers garbage or an
 * HTML page, sends 50 MB (announced or not), or drops the connection. For each, GET /api/pov answers
 * within 6 s with the error shape, the server's memory stays bounded, and pages keep being served
 * while it waits. With a good copy cached, a failing feed is answered with that stale copy.
 *
 * SQLite only: nothing here reads or writes a lead, so the store makes no difference.
 */
import { FEED_MESSAGES } from '../../../src/server/feed/feed-error.ts';
import { HUGE_BYTES, MANY_ITEMS } from '../../support/feed-server.ts';
import { json, send, type Answer } from '../http-client.ts';
import type { RunningServer } from '../server-process.ts';
import { ms, tally } from '../stats.ts';
import type { Scenario } from './context.ts';

const FAULTS = [
  'hang',
  'stall-body',
  '500',
  'garbage',
  'html',
  'huge-declared',
  'huge-chunked',
  'drop',
  'drop-mid-body',
] as const;
const ANSWER_WITHIN_MS = 6_000;
/** The feed host's path for each fault (tests/support/feed-server.ts), which counts its requests. */
const faultPath = (fault: string) => `/fault/${fault}`;
const RSS_BOUND_MIB = 150;
const PAGES = ['/', '/pov', '/waitlist'];
const messages = new Set<string>(Object.values(FEED_MESSAGES));

/**
 * GET /api/pov while visitors keep loading pages; returns the answer (its `ms` is the time to that
 * answer alone) and the pages' answers. The pages loaded after it are not its time: counting them
 * once made a 5.0 s answer look like 6.1 s on a busy CI machine.
 */
async function povWhileBrowsing(server: RunningServer) {
  let done = false;
  const pages: Answer[] = [];
  const browsing = (async () => {
    for (let i = 0; !done || i < PAGES.length; i += 1) {
      pages.push(await send(server.url, { path: PAGES[i % PAGES.length] as string, timeoutMs: 5_000 }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const pov = await send(server.url, { path: '/api/pov', timeoutMs: 15_000 });
  done = true;
  await browsing;
  return { pov, pages };
}

export const feedFaultsScenario: Scenario = {
  title: `6. Feed faults: ${FAULTS.length} kinds of failing upstream, and the stale copy`,
  timed: true,
  async run({ target, report, launch, feed, tag }) {
    // The feed never touches the lead store, so one store's run covers it: SQLite's, the default.
    // Twice would only spend two more minutes of CI's two cores on the same checks.
    if (target.name !== 'SQLite') {
      report.figure('skipped', 'the feed does not touch the lead store; the SQLite run covers it');
      return;
    }
    const store = await target.fresh();
    // One server per fault (a failure is remembered for 30 s, so each needs a server of its own),
    // started three at a time, then exercised one at a time so that each timing is its own.
    const servers: RunningServer[] = [];
    for (const [index, fault] of FAULTS.entries()) {
      if (index % 3 === 0) {
        const batch = FAULTS.slice(index, index + 3);
        servers.push(
          ...(await Promise.all(
            batch.map((f) => launch(store, { feedUrl: feed.url(faultPath(f)), extraEnv: { POV_CACHE_SECONDS: '0' } })),
          )),
        );
      }
      const server = servers[index] as RunningServer;
      await send(server.url, { path: '/' });
      await send(server.url, { path: '/waitlist' });
      const rssBefore = server.rssKiB();
      const { pov, pages } = await povWhileBrowsing(server);
      const rssAfter = server.rssKiB();
      const body = json(pov);
      const askedBefore = feed.requests(faultPath(fault));
      const again = await send(server.url, { path: '/api/pov' });
      const askedAgain = feed.requests(faultPath(fault)) - askedBefore;

      const growthMiB = (rssAfter - rssBefore) / 1024;
      const sent = feed.hugeBytesSent.get(fault);
      const pageTimes = pages.map((p) => p.ms);
      report.figure(
        fault,
        `${ms(pov.ms)}, "${String(body?.message ?? body?.status)}", RSS ${(rssBefore / 1024).toFixed(0)} → ${(rssAfter / 1024).toFixed(0)} MiB` +
          (sent !== undefined
            ? `, upstream sent ${(sent / 1024 / 1024).toFixed(1)} of ${HUGE_BYTES / 1024 / 1024} MB before we hung up`
            : '') +
          `, ${pages.length} pages meanwhile (slowest ${ms(Math.max(...pageTimes))}), next call ${ms(again.ms)}`,
      );
      report.check(
        `${fault}: /api/pov answers within ${ANSWER_WITHIN_MS / 1000} s with the error shape`,
        pov.status === 200 &&
          pov.ms < ANSWER_WITHIN_MS &&
          body?.status === 'error' &&
          messages.has(String(body.message)),
        `HTTP ${pov.status || pov.error}, ${ms(pov.ms)}, ${pov.body.toString('utf8').slice(0, 120)}`,
      );
      report.check(
        `${fault}: pages keep being served meanwhile`,
        pages.length >= PAGES.length && pages.every((p) => p.status === 200),
        pages
          .filter((p) => p.status !== 200)
          .map((p) => p.status || p.error)
          .join(', '),
      );
      report.check(
        `${fault}: memory stays bounded (+${RSS_BOUND_MIB} MiB)`,
        growthMiB < RSS_BOUND_MIB,
        `${growthMiB.toFixed(1)} MiB`,
      );
      // Proved by the feed host's own count, not by how fast the answer came: on a busy CI machine a
      // 2 ms answer from memory has taken over 300 ms.
      report.check(
        `${fault}: the failing feed is not asked again at once; the next call answers from memory`,
        json(again)?.status === 'error' && askedAgain === 0,
        `feed asked ${askedAgain} more times, ${ms(again.ms)}`,
      );
      await server.stop();
    }

    // A runaway feed: 13,481 items in about 2 MB. The page shows at most 50; the answer must stay
    // small and the server must keep serving pages while it reads the feed.
    {
      const server = await launch(store, { feedUrl: `${feed.base}/many-items`, extraEnv: { POV_CACHE_SECONDS: '0' } });
      await send(server.url, { path: '/' });
      const { pov, pages } = await povWhileBrowsing(server);
      const body = json(pov);
      const items = Array.isArray(body?.items) ? body.items : [];
      const title = (item: unknown) => (item as Record<string, unknown> | undefined)?.title;
      report.figure(
        'many-items',
        `${MANY_ITEMS} items upstream: /api/pov ${ms(pov.ms)}, ${items.length} items, ${(pov.body.length / 1024).toFixed(1)} KB` +
          `, ${pages.length} pages meanwhile (slowest ${ms(Math.max(...pages.map((p) => p.ms)))})`,
      );
      report.check(
        'a feed of 13,481 items gives 50, the first 46 and the last 4 in feed order, in a small answer',
        body?.status === 'ok' &&
          items.length === 50 &&
          title(items[0]) === 'Field note 0' &&
          title(items.at(-1)) === `Field note ${MANY_ITEMS - 1}` &&
          pov.body.length < 64 * 1024,
        `${items.length} items, ${pov.body.length} bytes`,
      );
      report.check(
        'pages keep being served while it is read',
        pages.every((p) => p.status === 200),
        tally(pages.map((p) => p.status)),
      );
      await server.stop();
    }

    // The stale copy: a good fetch, then the feed starts failing.
    const name = `stale-${tag}`;
    const server = await launch(store, {
      feedUrl: `${feed.base}/switch/${name}`,
      extraEnv: { POV_CACHE_SECONDS: '0' },
    });
    const good = json(await send(server.url, { path: '/api/pov' }));
    feed.fail(name);
    const stale = await send(server.url, { path: '/api/pov' });
    const items = (value: Record<string, unknown> | null) => (Array.isArray(value?.items) ? value.items : []);
    report.figure(
      'stale copy',
      `${items(good).length} items fetched, then served again in ${ms(stale.ms)} while the feed answers 500`,
    );
    report.check(
      'a good copy is fetched first',
      good?.status === 'ok' && items(good).length > 0,
      JSON.stringify(good).slice(0, 120),
    );
    report.check(
      'while the feed fails, /api/pov serves the stale copy',
      json(stale)?.status === 'ok' &&
        JSON.stringify(items(json(stale))) === JSON.stringify(items(good)) &&
        stale.ms < ANSWER_WITHIN_MS,
      stale.body.toString('utf8').slice(0, 120),
    );
  },
};
