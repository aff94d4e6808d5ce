/**
 * The first tap on "Join the Waiting List", timed the way a visitor on a phone meets it: Chromium
 * throttled through CDP like Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up, CPU 4x slower), a program page loaded and left idle for a second, then one tap.
 * The time is from the tap's pointerdown to the first frame that shows the dialog's first step
 * (what Interaction to Next Paint sees: "good" under 200 ms, "poor" over 500 ms).
 *
 * Lighthouse cannot measure this (it never taps), hence a measurement of our own. Each run uses a
 * fresh browser context: nothing cached from the run before, as for a first visit.
 */
import { chromium, type Browser } from '@playwright/test';
import { PHONE_THROTTLING, throttledPhone } from './phone.ts';

export const TAP_ROUTE = '/program/orchestration';
export const TAP_THROTTLING = { ...PHONE_THROTTLING, idleBeforeTapMs: 1000 } as const;

const TRIGGER = 'main [data-waitlist-trigger]';

export interface TapRun {
  /** pointerdown to the first frame showing step 1 of the dialog. */
  tapToDialogMs: number;
}

declare global {
  interface Window {
    __tap?: Promise<number>;
  }
}

async function tapOnce(browser: Browser, url: string): Promise<TapRun> {
  const { context, page } = await throttledPhone(browser);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(TAP_THROTTLING.idleBeforeTapMs); // the scenario itself: a page left idle for 1 s
    await page.locator(TRIGGER).first().scrollIntoViewIfNeeded();
    // Watch from the page itself: the pointerdown's own timestamp, then each frame until one shows
    // the dialog's first field. rAF callbacks run just before their frame is painted.
    await page.evaluate(() => {
      window.__tap = new Promise<number>((resolve) => {
        window.addEventListener(
          'pointerdown',
          (event) => {
            const down = event.timeStamp;
            const frame = (time: number) => {
              const field = document.querySelector<HTMLElement>('dialog[open] form input');
              if (field && field.offsetParent !== null) resolve(time - down);
              else requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          },
          { capture: true, once: true },
        );
      });
    });
    await page.locator(TRIGGER).first().tap();
    const tapToDialogMs = await page.evaluate(() => window.__tap as Promise<number>);
    return { tapToDialogMs: Math.round(tapToDialogMs) };
  } finally {
    await context.close();
  }
}

/** `runs` first taps, each in a fresh context, on `siteUrl` + TAP_ROUTE. */
export async function measureFirstTap(
  siteUrl: string,
  { chromiumPath, runs }: { chromiumPath: string; runs: number },
): Promise<TapRun[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--disable-gpu'] });
  try {
    const results: TapRun[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await tapOnce(browser, siteUrl + TAP_ROUTE));
    return results;
  } finally {
    await browser.close();
  }
}
