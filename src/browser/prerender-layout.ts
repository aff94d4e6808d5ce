/**
 * A `render-near-view` block (src/styles/global.css) is styled and laid out only once the browser
 * has found it near the viewport, and the browser looks in a frame. A prerendered page has no
 * frames while it is hidden, so the blocks of its first screen would wait for the frame that first
 * shows it, after the visitor's tap: about 50 ms of style and layout on a throttled phone before the
 * page appears (docs/history/performance.md, "Where tap-to-next-page goes").
 *
 * While the page is prerendered, every such block is made `content-visibility: visible`, so the
 * whole page is laid out while hidden, where it costs the visitor nothing. Only the blocks near the
 * first screen matter to its first frame, but finding them took more bytes than /results' first
 * round trip has to spare, and 12 runs could not tell the two apart (95 against 90-106 ms from
 * activation to paint). Set on the element, not by a stylesheet rule, which would travel in every
 * page.
 */
export function layOutWholePageWhilePrerendering(): void {
  if (!(document as Document & { prerendering?: boolean }).prerendering) return;
  for (const block of document.querySelectorAll<HTMLElement>('.render-near-view'))
    block.style.contentVisibility = 'visible';
}
