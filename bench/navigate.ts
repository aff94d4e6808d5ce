/**
 * Tap to the next page's largest paint: on a throttled phone (bench/phone.ts's figures), a page is
 * loaded and read for a while, then a link on it is tapped; the time is from the tap's pointerdown
 * on the first page to the largest contentful paint of the next one, on one clock (each document's
 * `performance.timeOrigin` plus its own timestamps). A prerendered page is styled and laid out
 * while hidden but painted only once shown, so its largest paint comes after its activation (the
 * navigation the tap started); a paint reported earlier would count from `activationStart`, as
 * web-vitals counts it. What the visitor waits for either way (docs/history/performance.md has a
 * trace of where the time goes).
 *
 * Driven through Puppeteer rather than Playwright: Chrome refuses to prerender while a DevTools
 * client is attached to a page the old way (without a tab target), which is how Playwright attaches
 * (the prerender fails with PrerenderingDisabledByDevTools); Puppeteer attaches through the tab.
 *
 * Each run uses a fresh browser context: nothing cached from the run before, as on a first visit.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { tapResult, watchTapResult } from './frame-clock.ts';
import { PHONE_THROTTLING } from './phone.ts';

export interface NavigationPair {
  /** What the bench prints, e.g. "Results -> a case study". */
  label: string;
  /** A path on the site, or a whole URL (the reference pair's, on the fixture server). */
  from: string;
  /** The link tapped on `from` (the first match). */
  link: string;
}

/** Home to the portfolio; also how the first tap on a page just shown arrives (ARRIVAL_PAIR). */
const HOME_TO_RESULTS: NavigationPair = { label: 'Home -> Results', from: '/', link: 'footer a[href="/results"]' };

/** The link pairs a reader follows most: from the portfolio to a case, home to the portfolio, a program to its offer. */
export const NAVIGATION_PAIRS: readonly NavigationPair[] = [
  { label: 'Results -> a case study', from: '/results', link: 'main a[href^="/case-study/"]' },
  HOME_TO_RESULTS,
  { label: 'A program -> its offer', from: '/program/orchestration', link: 'main a[href^="/offer/"]' },
];

/**
 * The floor the link pairs are read against: two small documents on the fixture server
 * (bench/reference-tap.html and reference-next.html), the second prerendered as soon as the first is
 * read. What its tap takes is what this machine and browser take to show any prerendered page.
 */
export const referenceNavigationPair = (fixtureOrigin: string): NavigationPair => ({
  label: 'Reference -> the next page',
  from: `${fixtureOrigin}/reference/tap`,
  link: 'main a[href="/reference/next"]',
});

/** How long the visitor reads the first page before tapping (the page is idle by then). */
export const READ_BEFORE_TAP_MS = 2000;

export interface NavigationRun {
  /** pointerdown on the first page to the next page's largest contentful paint. */
  tapToNextPaintMs: number;
  /**
   * Of that, pointerdown to the prerendered page's activation: what the tap and the browser take
   * to swap the pages in. The rest is the shown page's first frame (docs/history/performance.md,
   * "What Home -> Results pays after the activation"). Absent when the page was not prerendered.
   */
  tapToActivationMs?: number;
  /** Whether the next page was shown from a prerender. */
  prerendered: boolean;
}

declare global {
  interface Window {
    benchTapped?: (at: number) => void;
  }
}

/** A fresh context's page as bench/phone.ts's throttled phone, with `benchTapped` exposed to it. */
async function throttledPage(browser: Browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await page.emulateNetworkConditions({
    download: (PHONE_THROTTLING.downloadKbps * 1024) / 8,
    upload: (PHONE_THROTTLING.uploadKbps * 1024) / 8,
    latency: PHONE_THROTTLING.rttMs,
  });
  await page.emulateCPUThrottling(PHONE_THROTTLING.cpuSlowdown);
  return { context, page };
}

/**
 * Loads `pair.from`, reads it for READ_BEFORE_TAP_MS, taps its link and waits until the next page
 * has loaded in the tab; returns when the tap's pointerdown was, on the shared clock
 * (`performance.timeOrigin` plus the event's timestamp).
 */
async function arriveByTap(page: Page, siteUrl: string, pair: NavigationPair): Promise<number> {
  let tappedAt: number | undefined;
  await page.exposeFunction('benchTapped', (at: number) => {
    tappedAt = at;
  });
  await page.goto(new URL(pair.from, siteUrl).href, { waitUntil: 'load' });
  await new Promise((resolve) => setTimeout(resolve, READ_BEFORE_TAP_MS)); // the scenario itself: a page read for a while
  const link = await page.$(pair.link);
  if (!link) throw new Error(`${pair.from}: no link matches ${pair.link}`);
  const href = await link.evaluate((element) => element.getAttribute('href')!);
  await link.scrollIntoView();
  await page.evaluate(() => {
    addEventListener('pointerdown', (event) => window.benchTapped?.(performance.timeOrigin + event.timeStamp), {
      capture: true,
      once: true,
    });
  });
  // The touch's end can meet the prerendered page taking the tab over: its target closes mid-call.
  await link.tap().catch((error: Error) => {
    if (error.name !== 'TargetCloseError') throw error;
  });
  // A prerendered page replaces the first one in the same tab: poll for its document, whichever it is
  // (an evaluation that meets the swap fails, and the next one asks the new document).
  const deadline = Date.now() + 30_000;
  for (;;) {
    const arrived = await page
      .evaluate((path) => location.pathname === path && document.readyState === 'complete', href)
      .catch(() => false);
    if (arrived) break;
    if (Date.now() > deadline) throw new Error(`${pair.label}: ${href} did not load within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (tappedAt === undefined) throw new Error(`${pair.label}: the tap was not seen`);
  return tappedAt;
}

async function navigateOnce(browser: Browser, siteUrl: string, pair: NavigationPair): Promise<NavigationRun> {
  const { context, page } = await throttledPage(browser);
  try {
    const tappedAt = await arriveByTap(page, siteUrl, pair);
    const next = await page.evaluate(
      () =>
        new Promise<{ paintedAt: number; activatedAt: number; prerendered: boolean }>((resolve) => {
          const [navigation] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
            activationStart?: number;
          })[];
          const activationStart = navigation?.activationStart ?? 0;
          new PerformanceObserver((list, observer) => {
            const largest = list.getEntries().at(-1);
            if (!largest) return;
            observer.disconnect();
            resolve({
              paintedAt: performance.timeOrigin + Math.max(largest.startTime, activationStart),
              activatedAt: performance.timeOrigin + activationStart,
              prerendered: activationStart > 0,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return {
      tapToNextPaintMs: Math.round(next.paintedAt - tappedAt),
      ...(next.prerendered ? { tapToActivationMs: Math.round(next.activatedAt - tappedAt) } : {}),
      prerendered: next.prerendered,
    };
  } finally {
    await context.close();
  }
}

/**
 * The first tap on a page just shown from a prerender: Home's link to Results tapped as above, then,
 * SHOWN_BEFORE_TAP_MS after Results is shown (its activation), a filter button; timed from that
 * tap's pointerdown to the end of the first frame showing the button pressed, as every tap is
 * (bench/frame-clock.ts). The islands of a prerendered page start only once it is shown
 * (src/browser/page-start.ts): this is what a reader who taps at once waits for.
 */
export const ARRIVAL_PAIR = HOME_TO_RESULTS;
export const SHOWN_BEFORE_TAP_MS = 300;

export interface ArrivalTapRun {
  /** pointerdown to the end of the first frame showing the filter pressed. */
  tapMs: number;
  /** Activation to the tap's pointerdown (at least SHOWN_BEFORE_TAP_MS; the harness adds a little). */
  shownForMs: number;
  prerendered: boolean;
}

async function tapAfterArrivalOnce(browser: Browser, siteUrl: string): Promise<ArrivalTapRun> {
  const { context, page } = await throttledPage(browser);
  try {
    await arriveByTap(page, siteUrl, ARRIVAL_PAIR);
    await page.evaluate(watchTapResult, '[data-bench-target][aria-pressed="true"]');
    // In the page: wait until SHOWN_BEFORE_TAP_MS after its activation, mark the button and return
    // where it is, so the tap follows at once (a tap on an element handle asks the page for its
    // box first: 200 ms and more on a page this busy). When the tap came is read from its own
    // pointerdown.
    const { prerendered, x, y } = await page.evaluate(
      async (waitMs, selector) => {
        const activationStart =
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { activationStart?: number })
            ?.activationStart ?? 0;
        await new Promise((resolve) => setTimeout(resolve, activationStart + waitMs - performance.now()));
        const button = document.querySelector(selector);
        if (!button) throw new Error(`/results: no filter button matches ${selector}`);
        button.setAttribute('data-bench-target', '');
        Object.assign(window, {
          benchTappedAfterShown: new Promise<number>((resolve) =>
            addEventListener('pointerdown', (event) => resolve(Math.round(event.timeStamp - activationStart)), {
              capture: true,
              once: true,
            }),
          ),
        });
        const box = button.getBoundingClientRect();
        return { prerendered: activationStart > 0, x: box.x + box.width / 2, y: box.y + box.height / 2 };
      },
      SHOWN_BEFORE_TAP_MS,
      'button[aria-controls="case-study-list"][aria-pressed="false"]',
    );
    await page.touchscreen.tap(x, y);
    const shownForMs = await page.evaluate(
      () => (window as unknown as { benchTappedAfterShown: Promise<number> }).benchTappedAfterShown,
    );
    return { tapMs: await page.evaluate(tapResult), shownForMs, prerendered };
  } finally {
    await context.close();
  }
}

/** Runs `use` with a headless Chromium that may prerender (see the top of this file). */
async function withBrowser<T>(chromiumPath: string, use: (browser: Browser) => Promise<T>): Promise<T> {
  // No sandbox: the bench may run as root (in a container, say), where Chromium's sandbox refuses to start.
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

/** `runs` taps on each pair, each in a fresh context; pairs alternate run by run, so load touches all alike. */
export function measureNavigation(
  siteUrl: string,
  {
    chromiumPath,
    runs,
    pairs = NAVIGATION_PAIRS,
  }: { chromiumPath: string; runs: number; pairs?: readonly NavigationPair[] },
): Promise<Map<NavigationPair, NavigationRun[]>> {
  return withBrowser(chromiumPath, async (browser) => {
    const results = new Map<NavigationPair, NavigationRun[]>(pairs.map((pair) => [pair, []]));
    for (let i = 0; i < runs; i += 1)
      for (const pair of pairs) results.get(pair)!.push(await navigateOnce(browser, siteUrl, pair));
    return results;
  });
}

/** `runs` first taps on a page just shown from a prerender, each in a fresh context. */
export function measureTapAfterArrival(
  siteUrl: string,
  { chromiumPath, runs }: { chromiumPath: string; runs: number },
): Promise<ArrivalTapRun[]> {
  return withBrowser(chromiumPath, async (browser) => {
    const results: ArrivalTapRun[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await tapAfterArrivalOnce(browser, siteUrl));
    return results;
  });
}
