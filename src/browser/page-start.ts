import { whenActivated } from './activation.ts';
import { afterFirstContentfulPaint } from './after-first-paint.ts';
import { holdClicksUntilIslandsStart, startDeferredScripts } from './deferred-scripts.ts';
import { layOutFirstScreenWhilePrerendering } from './prerender-layout.ts';
import { startSpeculation } from './speculation.ts';
import { letInCachedWebFont, letInWebFont } from './web-font.ts';

/**
 * What every page starts once its first frame is on screen: the web font (at once, when this visit
 * already has it cached), the island runtime and the speculation rules. Nothing the first paint
 * shows needs any of them; a click on an island before then starts the runtime at once. A
 * prerendered page starts them when it is shown, not before: until then nobody sees it, and it
 * may never be shown; only the layout of its first screen is done ahead, so that showing it is quick.
 */
letInCachedWebFont();
layOutFirstScreenWhilePrerendering();
void whenActivated().then(() => {
  holdClicksUntilIslandsStart(startDeferredScripts);
  afterFirstContentfulPaint(() => {
    letInWebFont();
    startDeferredScripts();
    startSpeculation();
  });
});
