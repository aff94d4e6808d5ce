import { isPrerendering } from './activation.ts';

/**
 * A `render-near-view` block (src/styles/global.css) is styled and laid out only once the browser
 * has found it near the viewport, and the browser looks in a frame. A prerendered page has no
 * frames while it is hidden, so the blocks of its first screen would wait for the frame that first
 * shows it, after the visitor's tap: about 50 ms of style and layout on a throttled phone before the
 * page appears (docs/history/performance.md, "Where tap-to-next-page goes").
 *
 * While the page is prerendered, every such block is laid out, so the whole page is laid out while
 * hidden, where it costs the visitor nothing. The frame that shows it should then paint the first
 * screen only: a frame pre-paints every laid-out box and paints thousands of pixels below the
 * viewport, which on a long page (a case study is 5,800 px tall on a phone, Results 12,000) took a
 * median of 25 ms of main-thread time on the bench's phone, against 9.5 for a page of one screen,
 * while the tap waited (docs/history/performance.md, "The first frame of a prerendered page"). So
 * each block that starts below the first screen is left out of rendering once laid out
 * (`content-visibility: hidden` keeps its layout), held at its laid-out height so that nothing
 * moves, until `releaseHeldBlocks()` once that first frame is on screen. Set on the element, not by
 * a stylesheet rule, which would travel in every page.
 */

/** Every block laid out while prerendering (none on a page loaded the usual way). */
const blocks: HTMLElement[] = [];

export function layOutWholePageWhilePrerendering(): void {
  if (!isPrerendering()) return;
  blocks.push(...document.querySelectorAll<HTMLElement>('.render-near-view'));
  for (const block of blocks) block.style.contentVisibility = 'visible';
  // A page opened at a fragment may be scrolled below its first screen: it is painted whole.
  if (location.hash) return;
  // Every block measured, then changed, then measured again: two layouts for all, not one each.
  const held = blocks.flatMap((block) => {
    const box = block.getBoundingClientRect();
    return box.top > innerHeight ? [[block, box.height] as const] : [];
  });
  // Left out of rendering with no size of its own, a block is as tall as its padding and borders.
  for (const [block] of held) {
    block.style.containIntrinsicBlockSize = '0px';
    block.style.contentVisibility = 'hidden';
  }
  // So the rest of its laid-out height is its content box's: its placeholder (its last size once
  // rendered, `auto`), so that it is held at that height and nothing moves.
  const contentSizes = held.map(([block, height]) => height - block.offsetHeight);
  held.forEach(([block], i) => {
    block.style.containIntrinsicBlockSize = `auto ${contentSizes[i]}px`;
  });
}

/**
 * Gives every block back to the stylesheet's `content-visibility: auto` once the first frame is on
 * screen, each held below the first screen keeping its laid-out size as its placeholder
 * (`contain-intrinsic-block-size: auto <its height>`, set above): the browser then renders those
 * near the viewport and skips the rest, and nothing moves, as on a page loaded the usual way.
 * Until 27 November every block was rendered in one frame first, to let the browser record each
 * one's size: a whole-page paint of 84-97 ms on the bench's phone that a tap just after the page
 * was shown waited for (docs/history/performance.md, "The whole-page paint after a prerender").
 * Left rendered, every later restyle (a modal dialog makes the rest of the page inert in style)
 * covered the whole page, 394 elements on Results against 154.
 */
export function releaseHeldBlocks(): void {
  for (const block of blocks) block.style.contentVisibility = '';
}
