/**
 * A `render-near-view` block (src/styles/global.css) is styled and laid out only once the browser
 * has found it near the viewport, and the browser looks in a frame. A prerendered page has no
 * frames while it is hidden, so the blocks of its first screen would wait for the frame that first
 * shows it, after the visitor's tap: about 50 ms of style and layout on a throttled phone before the
 * page appears (docs/history/performance.md, "Where tap-to-next-page goes").
 *
 * While the page is prerendered, this finds the blocks Chrome would find near the viewport (within
 * one and a half screens of it: Chromium's margin for `content-visibility: auto`, its
 * DisplayLockDocumentState::kViewportMarginPercentage) and marks them to be laid out at once; the
 * blocks further down keep waiting until they are scrolled near, as on a page loaded the usual way.
 */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';

export function layOutFirstScreenWhilePrerendering(): void {
  if (!(document as Document & { prerendering?: boolean }).prerendering) return;
  const margin = innerHeight * 1.5;
  const isNear = (block: Element) => {
    const { top, bottom } = block.getBoundingClientRect();
    return top < innerHeight + margin && bottom > -margin;
  };
  let waiting = [...document.querySelectorAll<HTMLElement>('.render-near-view')];
  // A block laid out takes its real height instead of its placeholder's, which moves the blocks
  // below it: measure again until no more come near. Each round reads every position before
  // marking any (one layout per round, not one per block).
  for (;;) {
    const near = waiting.filter(isNear);
    if (!near.length) return;
    for (const block of near) block.setAttribute(FIRST_SCREEN_ATTRIBUTE, '');
    waiting = waiting.filter((block) => !near.includes(block));
  }
}
