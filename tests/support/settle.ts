import type { Page } from '@playwright/test';
import { WEB_FONT_CACHED_KEY, WEB_FONT_CLASS } from '../../src/lib/first-paint.ts';

/**
 * Waits until the page's type is settled: every page fetches the web font after its first paint and
 * then leaves the visit's flag (src/browser/web-font.ts), no face is loading, and a page set in the
 * web font has it loaded. The first page of a visit stays in the fallback it was painted in; a later
 * page, or one opened after `setInWebFont`, is in the web font from its first frame. (Not "every face
 * loaded": a face the page does not use stays unloaded, such as those a test re-creates by swapping
 * a stylesheet, support/page-css.ts.)
 */
export async function waitForFont(page: Page) {
  await page.waitForFunction(
    ({ key, className }) => {
      if (sessionStorage.getItem(key) !== '1' || document.fonts.status !== 'loaded') return false;
      if (!document.documentElement.classList.contains(className)) return true;
      const unquoted = (family: string) => family.trim().replace(/^"|"$/g, '');
      const family = unquoted(getComputedStyle(document.body).fontFamily.split(',')[0]!);
      return [...document.fonts].some((face) => face.status === 'loaded' && unquoted(face.family) === family);
    },
    { key: WEB_FONT_CACHED_KEY, className: WEB_FONT_CLASS },
  );
}

/**
 * Opens every page of the test as a later page of a visit, set in the web font from its first frame
 * (the flag src/browser/web-font.ts leaves once the font is cached): what pictures and measurements
 * are taken of, since most pages a visitor reads are read that way.
 */
export async function setInWebFont(page: Page) {
  await page.addInitScript((key) => sessionStorage.setItem(key, '1'), WEB_FONT_CACHED_KEY);
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
 * Waits until the page has settled for a check of what it shows: its font settled, no reveal
 * still pending (after scrolling through, all have started) and nothing moving (`waitForStill`).
 * Images are left out: axe reads their markup, and a remote one may never arrive here.
 */
export async function waitForSettled(page: Page) {
  await waitForFont(page);
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
