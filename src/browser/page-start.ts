import { isPrerendering, whenActivated } from './activation.ts';
import { afterFirstContentfulPaint } from './after-first-paint.ts';
import { holdClicksUntilIslandsStart, startDeferredScripts } from './deferred-scripts.ts';
import { forgetFormPost } from './form-post-entry.ts';
import { fetchIslandModulesWhilePrerendering } from './island-modules.ts';
import { holdPageBehindDialogs } from './page-behind-dialog.ts';
import { layOutWholePageWhilePrerendering, releaseHeldBlocks } from './prerender-layout.ts';
import { startSpeculation } from './speculation.ts';
import { fetchWebFont, letInCachedWebFont } from './web-font.ts';

/**
 * What every page starts once its first frame is on screen: fetching the web font for the visit's
 * later pages (a page whose visit already has it cached is set in it from the first frame), the
 * island runtime and the speculation rules. Nothing the first paint shows needs any of them; a
 * click on an island before then starts the runtime at once.
 *
 * A prerendered page starts them when it is shown, not before: until then nobody sees it, and it may
 * never be shown. Only what the visitor cannot see is done ahead (the layout of its long blocks,
 * fetching its islands' code, the listener that holds early clicks), and nothing runs in the
 * activation itself: Chrome paints a prerendered page only once it is shown, so the first paint
 * comes after activation, and the activation's own task stays free for that frame. What that frame
 * left out below the first screen is handed back to the browser, to render as it nears the view
 * (src/browser/prerender-layout.ts), and its own speculation rules and likely next pages wait a
 * second (src/browser/speculation.ts).
 */
const shownFromPrerender = isPrerendering();
letInCachedWebFont();
forgetFormPost();
holdPageBehindDialogs();
layOutWholePageWhilePrerendering();
fetchIslandModulesWhilePrerendering();
holdClicksUntilIslandsStart(startDeferredScripts);
afterFirstContentfulPaint(() =>
  whenActivated(() => {
    releaseHeldBlocks();
    fetchWebFont();
    startDeferredScripts();
    startSpeculation({ shownFromPrerender });
  }),
);
