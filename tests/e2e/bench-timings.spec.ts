import { expect, test } from '@playwright/test';
import { noFeedURL } from '../../playwright.config.ts';
import {
  INTERACTIONS,
  type Interaction,
  interactOn,
  measureInteractions,
  referenceInteraction,
} from '../../bench/interactions.ts';
import {
  measureNavigation,
  measureTapAfterArrival,
  NAVIGATION_PAIRS,
  referenceNavigationPair,
  SHOWN_BEFORE_TAP_MS,
} from '../../bench/navigate.ts';
import { phone } from '../../bench/phone.ts';
import { routeReferencePages } from '../../bench/reference-pages.ts';
import { chromiumPath } from '../support/chromium.ts';
import { type FeedServer, startFeedServer } from '../support/feed-server.ts';
import { firstOfEach } from '../support/first-of-each.ts';

// The bench's in-page timings (bench/interactions.ts, bench/navigate.ts) must keep working. Their
// 100 ms budgets are `npm run bench`'s (timings are noisy on a shared machine). Tap to the next page
// also proves, in a Chromium that may prerender (the full browser), that each pair's next page is
// shown from a prerender.
//
// One interaction of each kind: the wizard's Next and Previous on every step are one definition
// with the step as a number (bench/interactions.ts), and Submit's untimed walk to step 5 answers
// and leaves every step before it. Each runs as the bench runs it (bench/interactions.ts'
// interactOn), on a phone's screen in this test's browser at the machine's speed: what can break
// is a definition (its page, its target, the selector of its result) and the clock, not the
// throttling. The throttled phone in a browser of its own, about 10 s and several CPU-seconds a
// run, is timed once, in the reference tap's test below: the same code but for the throttling.
const kindOf = (interaction: Interaction) => interaction.label.replace(/ \(step \d\)$/, '');
const oneOfEachKind = firstOfEach(INTERACTIONS, kindOf);
/** Each test sets a phone's screen or starts a browser of its own: one project is enough (the tag). */
const ONE_BROWSER = { tag: '@one-viewport' };

test('one interaction of each kind stands for its kind', { tag: '@one-viewport' }, () => {
  expect(oneOfEachKind.map((interaction) => interaction.label)).toEqual([
    'open the menu drawer',
    'close the menu drawer',
    'a Results filter',
    'open the Programs menu',
    "the wizard's Next (step 1)",
    "the wizard's Previous (step 2)",
    "the wizard's Submit (step 5)",
    'Submit to the success message',
    "the POV page's Try again",
  ]);
});

for (const interaction of oneOfEachKind) {
  test(`the tap "${interaction.label}" shows its result and is timed`, ONE_BROWSER, async ({ browser, baseURL }) => {
    const { context, page } = await phone(browser, interaction.viewport);
    try {
      const ms = await interactOn(page, { siteUrl: baseURL ?? '', noFeedUrl: noFeedURL }, interaction);
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThan(30_000);
    } finally {
      await context.close();
    }
  });
}

test(
  "a tap's click dispatch is read from a trace of it, for bench:ab's --click",
  ONE_BROWSER,
  async ({ browser, baseURL }) => {
    const interaction = INTERACTIONS.find(({ label }) => label === "the wizard's Next (step 1)")!;
    const { context, page } = await phone(browser, interaction.viewport);
    try {
      const clickMs = await interactOn(page, { siteUrl: baseURL ?? '' }, interaction, 'click');
      expect(clickMs).toBeGreaterThan(0);
      expect(clickMs).toBeLessThan(30_000);
      // The tap did what it does when timed: step 2 is shown.
      await expect(page.getByText(/^Step 2 of 5/)).toBeVisible();
    } finally {
      await context.close();
    }
  },
);

test(
  'each link pair’s next page is shown from a prerender, and the tap to its paint is timed',
  ONE_BROWSER,
  async ({ baseURL }) => {
    test.setTimeout(120_000);
    const measured = await measureNavigation(baseURL ?? '', { chromiumPath, runs: 1 });
    expect([...measured.keys()]).toEqual(NAVIGATION_PAIRS);
    for (const [pair, [run]] of measured) {
      expect(run?.prerendered, pair.label).toBe(true);
      expect(run?.tapToNextPaintMs, pair.label).toBeGreaterThan(0);
      expect(run?.tapToNextPaintMs, pair.label).toBeLessThan(30_000);
      // The activation comes between the tap and the shown page's paint.
      expect(run?.tapToActivationMs, pair.label).toBeGreaterThan(0);
      expect(run?.tapToActivationMs, pair.label).toBeLessThanOrEqual(run!.tapToNextPaintMs);
    }
  },
);

test('the first tap on a page just shown from a prerender is timed', ONE_BROWSER, async ({ baseURL }) => {
  test.slow();
  const [run] = await measureTapAfterArrival(baseURL ?? '', { chromiumPath, runs: 1 });
  expect(run?.prerendered).toBe(true);
  expect(run?.shownForMs).toBeGreaterThanOrEqual(SHOWN_BEFORE_TAP_MS);
  expect(run?.tapMs).toBeGreaterThan(0);
  expect(run?.tapMs).toBeLessThan(30_000);
});

/** The bench's reference pages on a stand-in host of their own, for the length of one test. */
async function withReferenceHost(use: (host: FeedServer) => Promise<void>): Promise<void> {
  const host = await startFeedServer();
  try {
    routeReferencePages(host);
    await use(host);
  } finally {
    await host.close();
  }
}

test(
  'the reference pair’s next page is shown from a prerender too, so the floor it gives is one',
  ONE_BROWSER,
  async ({ baseURL }) => {
    test.slow();
    await withReferenceHost(async (host) => {
      const reference = referenceNavigationPair(host.base);
      const measured = await measureNavigation(baseURL ?? '', { chromiumPath, runs: 1, pairs: [reference] });
      const [run] = measured.get(reference) ?? [];
      expect(run?.prerendered).toBe(true);
      expect(run?.tapToNextPaintMs).toBeGreaterThan(0);
      expect(run?.tapToNextPaintMs).toBeLessThan(30_000);
      // Its pages were fetched from the stand-in host, not the site.
      expect(host.requests('/reference/tap')).toBe(1);
      expect(host.requests('/reference/next')).toBeGreaterThanOrEqual(1);
    });
  },
);

test(
  'the taps’ floor opens the bare page’s dialog, served by the stand-in host, and is timed',
  ONE_BROWSER,
  async ({ baseURL }) => {
    test.slow();
    await withReferenceHost(async (host) => {
      const reference = referenceInteraction(host.base);
      const measured = await measureInteractions(baseURL ?? '', { chromiumPath, runs: 1, interactions: [reference] });
      const [ms] = measured.get(reference) ?? [];
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThan(30_000);
      expect(host.requests('/reference/dialog')).toBe(1);
    });
  },
);
