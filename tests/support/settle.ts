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
 * Waits until nothing on screen is about to move or moving: no reveal pending where it starts
 * (above the viewport's bottom tenth, src/browser/site-header.ts) and no finite animation or transition running. A card
 * half faded in fails a contrast check. Pages without the site's web font (the editor's) come to
 * rest too.
 */
export async function waitForStill(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-reveal="pending"]')].every(
        (element) => element.getBoundingClientRect().top >= window.innerHeight * 0.9,
      ) &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
}

/**
 * Waits until the page has settled for a check of what it shows: the web font in use, no reveal
 * still pending (after scrolling through, all have started) and nothing moving (`waitForStill`).
 * Images are left out: axe reads their markup, and a remote one may never arrive here.
 */
export async function waitForSettled(page: Page) {
  await waitForWebFont(page);
  await page.waitForFunction(() => !document.querySelector('[data-reveal="pending"]'));
  await waitForStill(page);
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
