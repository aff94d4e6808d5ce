/**
 * A page may be prerendered (src/lib/speculation-rules.ts): loaded, run and laid out before the
 * visitor has asked for it, and perhaps never shown. Whatever is meant for a visitor who sees the
 * page (the islands' start, a page view counted by analytics) waits for this.
 *
 * Runs `run` at once on a page that is shown; on a prerendered page, when the visitor navigates to
 * it (the `prerenderingchange` event).
 */
export function whenActivated(run: () => void): void {
  if (isPrerendering()) document.addEventListener('prerenderingchange', run, { once: true });
  else run();
}

/** Whether the page is being prerendered: loaded and run, not yet shown. */
export function isPrerendering(): boolean {
  return Boolean((document as Document & { prerendering?: boolean }).prerendering);
}
