import type { Page } from '@playwright/test';

/** What the frame after a click shows of one dialog (`watchFrameAfterClick`). */
export interface DialogInFrame {
  open: boolean;
  modal: boolean;
  visibility: string;
  /** Whether a hit test at the screen's centre lands inside it (above the page, not under it). */
  atCentre: boolean;
  /** The words of the element that has focus. */
  focused: string | undefined;
}

/**
 * Watches the page's next click, and reads the dialog `selector` in the animation-frame callback of
 * the frame after it, just before that frame is painted: what a visitor sees first. Returns how to
 * read it, once the click has been made.
 */
export async function watchFrameAfterClick(page: Page, selector: string): Promise<() => Promise<DialogInFrame>> {
  await page.evaluate((selector) => {
    addEventListener(
      'click',
      () =>
        requestAnimationFrame(() => {
          const dialog = document.querySelector<HTMLDialogElement>(selector)!;
          const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
          (window as Window & { frameAfterClick?: DialogInFrame }).frameAfterClick = {
            open: dialog.open,
            modal: dialog.matches(':modal'),
            visibility: getComputedStyle(dialog).visibility,
            atCentre: dialog.contains(hit),
            focused: document.activeElement?.textContent?.trim(),
          };
        }),
      { once: true },
    );
  }, selector);
  return async () => {
    const frame = await page.evaluate(() => (window as Window & { frameAfterClick?: DialogInFrame }).frameAfterClick);
    if (!frame) throw new Error('no click was made, or its frame has not come yet');
    return frame;
  };
}
