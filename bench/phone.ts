/**
 * A throttled phone for the bench's in-page timings (bench/tap.ts, bench/navigate.ts): Chromium
 * throttled through CDP like Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up, CPU 4x slower), in a fresh browser context so nothing is cached from the run before.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

export const PHONE_THROTTLING = {
  rttMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
} as const;

/** One line naming the throttling, for the bench's output. */
export const phoneThrottlingLabel = `${PHONE_THROTTLING.rttMs} ms RTT, ${PHONE_THROTTLING.downloadKbps / 1024} Mbps, ${PHONE_THROTTLING.cpuSlowdown}x CPU`;

/** A phone's screen; a control that only wide screens show is timed at `TABLET_LANDSCAPE` instead. */
export const PHONE_VIEWPORT = { width: 412, height: 823 } as const;
/** The narrowest screen that shows the header's Programs menu (Tailwind's `lg`), as a tablet held sideways. */
export const TABLET_LANDSCAPE = { width: 1024, height: 768 } as const;

/** A new context and page with a mid-range phone's screen and touch, at the machine's own speed. */
export async function phone(
  browser: Browser,
  viewport: { width: number; height: number } = PHONE_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

/** A new context and page as a mid-range phone sees the site, with the page's CDP throttling on. */
export async function throttledPhone(
  browser: Browser,
  viewport: { width: number; height: number } = PHONE_VIEWPORT,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await phone(browser, viewport);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_THROTTLING.rttMs,
    downloadThroughput: (PHONE_THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (PHONE_THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
  return { context, page };
}
