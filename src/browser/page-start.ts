import { afterFirstContentfulPaint } from './after-first-paint.ts';
import { holdClicksUntilIslandsStart, startDeferredScripts } from './deferred-scripts.ts';
import { letInCachedWebFont, letInWebFont } from './web-font.ts';

/**
 * What every page starts once its first frame is on screen: the web font (at once, when this visit
 * already has it cached) and the island runtime. Nothing the first paint shows needs either; a click on an
 * island before then starts the runtime at once.
 */
letInCachedWebFont();
holdClicksUntilIslandsStart(startDeferredScripts);
afterFirstContentfulPaint(() => {
  letInWebFont();
  startDeferredScripts();
});
