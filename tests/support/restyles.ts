import type { Browser, Page } from '@playwright/test';

/**
 * How many elements each style pass restyled from the start of `action` to the end of the frame
 * after it, by Chromium's trace (its `UpdateLayoutTree` events): what a tap costs in style, read
 * from the browser itself rather than from a clock on a noisy machine.
 */
export async function elementsRestyledDuring(
  browser: Browser,
  page: Page,
  action: () => Promise<void>,
): Promise<number[]> {
  await browser.startTracing(page, { categories: ['devtools.timeline'] });
  let trace: Buffer;
  try {
    await action();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  } finally {
    trace = await browser.stopTracing();
  }
  const { traceEvents } = JSON.parse(trace.toString()) as {
    traceEvents: { name: string; args?: { elementCount?: number } }[];
  };
  return traceEvents.filter((event) => event.name === 'UpdateLayoutTree').map((e) => e.args?.elementCount ?? 0);
}
