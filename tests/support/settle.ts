import type { Page } from '@playwright/test';

/**
 * Waits until the web font, which every page lets in after its first paint (src/browser/web-font.ts),
 * is in use: measurements and pictures are then of what a visitor reads from then on.
 */
export async function waitForWebFont(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.classList.contains('webfont') && document.fonts.status === 'loaded',
  );
}

/**
 * Waits until the page has settled for a check of what it shows: the web font in use, no reveal still
 * pending and no finite animation or transition running (a card half faded in fails a contrast
 * check). Images are left out: axe reads their markup, and a remote one may never arrive here.
 */
export async function waitForSettled(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.classList.contains('webfont') &&
      document.fonts.status === 'loaded' &&
      !document.querySelector('[data-reveal="pending"]') &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
}

/** Scrolls through the whole page, two frames per step so reveals and lazy blocks start, then waits for it to settle. */
export async function scrollThroughAndSettle(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.body.scrollHeight; y += 700) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      await frame();
    }
  });
  await waitForSettled(page);
}
