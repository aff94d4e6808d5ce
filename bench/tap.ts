/**
 * The first tap on "Join the Waiting List", timed the way a visitor on a phone meets it: Chromium
 * throttled through CDP like Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up, CPU 4x slower), a program page loaded and left idle for a second, then one tap.
 * The time is from the tap's pointerdown to the end of the first frame that shows the dialog's
 * first step (bench/frame-clock.ts; what Interaction to Next Paint sees: "good" under 200 ms,
 * "poor" over 500 ms).
 *
 * Lighthouse cannot measure this (it never taps), hence a measurement of our own. Each run uses a
 * fresh browser context: nothing cached from the run before, as for a first visit.
 */
import { chromium, type Browser } from '@playwright/test';
import { tapResult, watchTapResult } from './frame-clock.ts';
import type { TapMeasure } from './interactions.ts';
import { traceClickMs } from './click-dispatch.ts';
import { PHONE_THROTTLING, throttledPhone } from './phone.ts';

export const TAP_ROUTE = '/program/orchestration';
export const TAP_THROTTLING = { ...PHONE_THROTTLING, idleBeforeTapMs: 1000 } as const;

const TRIGGER = 'main [data-waitlist-trigger]';
/** The form's first field, mounted in the closed dialog once the island has hydrated and the browser is idle. */
const WAITING_FIELD = 'dialog.waitlist-dialog:not([open]) form input';

export interface TapRun {
  /** pointerdown to the end of the first frame showing step 1 of the dialog. */
  tapToDialogMs: number;
  /**
   * Whether the island's form was already waiting in the closed dialog when the tap came. When it
   * was not (the island's code still on its way over the throttled network, or not yet hydrated),
   * the tap loads, hydrates and renders it, and takes about twice as long: a run's outlier.
   */
  formWaiting: boolean;
}

/** One first tap, read as its `TapMeasure` says, and whether the form was waiting for it. */
interface FirstTap {
  ms: number;
  formWaiting: boolean;
}

async function tapOnce(browser: Browser, url: string, measure: TapMeasure): Promise<FirstTap> {
  const { context, page } = await throttledPhone(browser);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(TAP_THROTTLING.idleBeforeTapMs); // the scenario itself: a page left idle for 1 s
    await page.locator(TRIGGER).first().scrollIntoViewIfNeeded();
    await page.evaluate(watchTapResult, 'dialog[open] form input');
    const formWaiting = (await page.locator(WAITING_FIELD).count()) > 0;
    const tap = async () => {
      await page.locator(TRIGGER).first().tap();
      return page.evaluate(tapResult);
    };
    return { ms: measure === 'click' ? await traceClickMs(page, tap) : await tap(), formWaiting };
  } finally {
    await context.close();
  }
}

/** `runs` first taps, each in a fresh context, on `siteUrl` + TAP_ROUTE, each read as `measure` says. */
async function firstTaps(siteUrl: string, chromiumPath: string, runs: number, measure: TapMeasure) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--disable-gpu'] });
  try {
    const results: FirstTap[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await tapOnce(browser, siteUrl + TAP_ROUTE, measure));
    return results;
  } finally {
    await browser.close();
  }
}

/** `runs` first taps, each in a fresh context, on `siteUrl` + TAP_ROUTE. */
export async function measureFirstTap(
  siteUrl: string,
  { chromiumPath, runs }: { chromiumPath: string; runs: number },
): Promise<TapRun[]> {
  const taps = await firstTaps(siteUrl, chromiumPath, runs, 'time');
  return taps.map(({ ms, formWaiting }) => ({ tapToDialogMs: ms, formWaiting }));
}

/** The click's dispatch in each of `runs` first taps (bench/click-dispatch.ts), for `npm run bench:ab -- --click`. */
export async function measureFirstTapClick(
  siteUrl: string,
  { chromiumPath, runs }: { chromiumPath: string; runs: number },
): Promise<number[]> {
  return (await firstTaps(siteUrl, chromiumPath, runs, 'click')).map(({ ms }) => ms);
}
