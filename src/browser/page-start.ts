import { afterFirstContentfulPaint } from './after-first-paint.ts';
import { holdClicksUntilIslandsStart, startDeferredScripts } from './deferred-scripts.ts';
import { letInCachedWebFont, letInWebFont } from './web-font.ts';
import { ANALYTICS_PROVIDER_ATTRIBUTE } from '../lib/analytics/events.ts';

/**
 * What every page starts once its first frame is on screen: the web font (at once, when this visit
 * already has it cached), the island runtime and, when configured, visitor analytics. Nothing the first paint shows needs either; a click on an
 * island before then starts the runtime at once.
 */
letInCachedWebFont();
holdClicksUntilIslandsStart(startDeferredScripts);
afterFirstContentfulPaint(() => {
  letInWebFont();
  startDeferredScripts();
  // Visitor analytics, only when the build names a service (PUBLIC_ANALYTICS_PROVIDER): its own
  // small file, fetched after the first paint; without a service nothing is loaded or sent.
  if (document.documentElement.hasAttribute(ANALYTICS_PROVIDER_ATTRIBUTE)) void import('./analytics.ts');
});
