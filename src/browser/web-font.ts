import { WEB_FONT_CACHED_KEY, WEB_FONT_CLASS } from '../lib/first-paint.ts';

/**
 * Fetches the web font into the browser's cache and remembers, for the rest of the visit, that it is
 * there: a flag in sessionStorage, nothing personal. Later pages then set their first frame in the
 * font (letInCachedWebFont). The page on screen keeps the fallback it was painted in: the fallback is
 * metric-matched on average, not word by word, so switching a page already shown re-wraps its text,
 * and a heading that gains or loses a line moves everything below it (40-86 px on a phone's first
 * screen; a layout shift of 0.3 on a program page, docs/history/performance.md, "The font swap
 * that moved the first screen"). The switch's style pass, a long task on a slow phone, goes too.
 */
export function fetchWebFont(): void {
  const loading = [...document.fonts].filter((face) => face.status === 'unloaded').map((face) => face.load());
  void Promise.allSettled(loading).then(() => {
    try {
      sessionStorage.setItem(WEB_FONT_CACHED_KEY, '1');
    } catch {
      // Storage refused (private mode, say): the next page is set in the fallback too, nothing worse.
    }
  });
}

/** Lets the font in before the first frame, when this visit has already fetched it. */
export function letInCachedWebFont(): void {
  try {
    if (sessionStorage.getItem(WEB_FONT_CACHED_KEY)) document.documentElement.classList.add(WEB_FONT_CLASS);
  } catch {
    // No storage: behave as on a first visit.
  }
}
