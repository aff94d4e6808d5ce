import { WEB_FONT_CLASS } from '../lib/first-paint.ts';

/**
 * Lets the web font in (see src/lib/first-paint.ts) and remembers, for the rest of the visit, that
 * it is in the browser's cache: a flag in sessionStorage, nothing personal. Later pages then set
 * their first frame in the font itself instead of swapping it in.
 */
const CACHED = 'webfont-cached';

/**
 * Fetches the page's web font faces first (nothing is set in them yet, so nothing is laid out
 * again), then switches the text over in one style and layout pass, in the next frame. Switching
 * first and letting the font arrive later costs two passes over the whole page, each a long task
 * on a slow phone.
 */
export function letInWebFont(): void {
  const root = document.documentElement;
  if (root.classList.contains(WEB_FONT_CLASS)) return;
  const loading = [...document.fonts].filter((face) => face.status === 'unloaded').map((face) => face.load());
  void Promise.allSettled(loading).then(() => {
    requestAnimationFrame(() => root.classList.add(WEB_FONT_CLASS));
    try {
      sessionStorage.setItem(CACHED, '1');
    } catch {
      // Storage refused (private mode, say): the next page swaps the font in again, nothing worse.
    }
  });
}

/** Lets the font in before the first frame, when this visit has already fetched it. */
export function letInCachedWebFont(): void {
  let cached = false;
  try {
    cached = sessionStorage.getItem(CACHED) === '1';
  } catch {
    // No storage: behave as on a first visit.
  }
  if (cached) document.documentElement.classList.add(WEB_FONT_CLASS);
}
