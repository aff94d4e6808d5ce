import type { Page } from '@playwright/test';

/**
 * The page believes it is prerendered (document.prerendering) until the test calls
 * `activateForTest()` in it, which ends that as Chrome does on activation.
 */
export async function believePrerendered(page: Page) {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(document, 'prerendering', { get: () => prerendering, configurable: true });
    Object.assign(window, {
      activateForTest: () => {
        prerendering = false;
        document.dispatchEvent(new Event('prerenderingchange'));
      },
    });
  });
}

/**
 * Waits past the moment a shown page starts what it starts after its first paint, until idle.
 * A shown page starts it in a task it queues with setTimeout on its first contentful paint
 * (src/browser/after-first-paint.ts); the test queues its own the same way once that paint is in,
 * and timers run in the order they were set. Not a sleep: no delay, only the order of tasks.
 * The idle callback has the deadline the page's own (its speculation rules going live,
 * src/browser/speculation.ts) has: Playwright's headless shell never goes idle on a page that
 * believes it is prerendered and shown at once, which a real prerender never is; queued after
 * the page's, it still runs after it.
 */
export async function afterShownPageStarts(page: Page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const observer = new PerformanceObserver((entries) => {
          if (!entries.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          setTimeout(() => requestIdleCallback(resolve, { timeout: 3000 }));
        });
        observer.observe({ type: 'paint', buffered: true });
      }),
  );
}
