/**
 * A `render-near-view` block (src/styles/global.css) is styled and laid out only once the browser
 * has found it near the viewport, and the browser looks in a frame. A prerendered page has no
 * frames while it is hidden, so the blocks of its first screen would wait for the frame that first
 * shows it, after the visitor's tap: about 50 ms of style and layout on a throttled phone before the
 * page appears (docs/history/performance.md, "Where tap-to-next-page goes").
 *
 * While the page is prerendered, this finds the blocks Chrome would find near the viewport (starting
 * within one and a half screens below it: Chromium's margin for `content-visibility: auto`, its
 * DisplayLockDocumentState::kViewportMarginPercentage; the page opens at its top) and makes them
 * `content-visibility: visible`, so they are laid out at once and stay so once shown. The blocks
 * further down keep waiting until they are scrolled near, as on a page loaded the usual way. Kept
 * small: it travels inline in every page, and sets the property on the element rather than through
 * a rule of the stylesheet, which would travel in every page too.
 */
export function layOutFirstScreenWhilePrerendering(): void {
  if (!(document as Document & { prerendering?: boolean }).prerendering) return;
  // In document order, each block is measured after the ones above it were made visible: a block
  // laid out takes its real height instead of its placeholder's, which moves the blocks below it.
  // The first block that starts too far down ends it: every later one starts further down still
  // (the next rows of a grid included). Each read lays the page out again, which costs nothing the
  // visitor sees while the page is hidden.
  for (const block of document.querySelectorAll<HTMLElement>('.render-near-view')) {
    if (block.getBoundingClientRect().top >= innerHeight * 2.5) return;
    block.style.contentVisibility = 'visible';
  }
}
