/**
 * A page may be prerendered (src/lib/speculation-rules.ts): loaded, run and laid out before the
 * visitor has asked for it, and perhaps never shown. Whatever is meant for a visitor who sees the
 * page (the islands' start, a page view counted by analytics) waits for this.
 *
 * Resolves at once on a page that is shown; on a prerendered page, when the visitor navigates to
 * it (the `prerenderingchange` event).
 */
export function whenActivated(): Promise<void> {
  if (!(document as Document & { prerendering?: boolean }).prerendering) return Promise.resolve();
  return new Promise((resolve) => {
    document.addEventListener('prerenderingchange', () => resolve(), { once: true });
  });
}
