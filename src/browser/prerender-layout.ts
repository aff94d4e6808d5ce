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
 * moves, until `paintWholePage()` once that first frame is on screen. Set on the element, not by a
 * stylesheet rule, which would travel in every page.
 */

/** Every block laid out while prerendering (none on a page loaded the usual way). */
const blocks: HTMLElement[] = [];

export function layOutWholePageWhilePrerendering(): void {
  if (!isPrerendering()) return;
  blocks.push(...document.querySelectorAll<HTMLElement>('.render-near-view'));
  for (const block of blocks) block.style.contentVisibility = 'visible';
  // A page opened at a fragment may be scrolled below its first screen: it is painted whole.
  if (location.hash) return;
  // Every block measured, then changed: one layout for them all.
  for (const [block, box] of blocks.map((block) => [block, block.getBoundingClientRect()] as const))
    if (box.top > innerHeight) {
      block.style.height = `${box.height}px`; // the border box, as every box is sized (Tailwind's preflight)
      block.style.contentVisibility = 'hidden';
    }
}

/**
 * Paints what the first frame of a prerendered page left out, then gives every block back to the
 * stylesheet's `content-visibility: auto` once a frame has rendered it whole (which records its
 * size, `contain-intrinsic-block-size: auto`). A block far from the viewport is then skipped again,
 * without moving, as on a page loaded the usual way: without this, every later restyle of a page
 * shown from a prerender (a modal dialog makes the rest of the page inert in style) covered the
 * whole page, 394 elements on Results against 154.
 */
export function paintWholePage(): void {
  if (!blocks.length) return; // a page loaded the usual way: nothing was held
  for (const block of blocks) {
    block.style.height = '';
    block.style.contentVisibility = 'visible';
  }
  // After the next frame, as the islands' afterNextFrame (src/islands/scheduling.ts) does; written
  // out, not imported: a module the page script shares with an island becomes a chunk of its own,
  // and the page script, importing it, would no longer travel inline (docs/history/performance.md,
  // "A first-paint regression found and mended").
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const block of blocks) block.style.contentVisibility = '';
    }),
  );
}
