/**
 * Starts visitor analytics (src/lib/analytics/sender.ts) on the pages of a site with a service
 * (PUBLIC_ANALYTICS_PROVIDER). The layout names this file in a deferred-script marker, which the
 * page script turns into a script once the first paint is on screen and the page is shown
 * (src/browser/page-start.ts, as for Astro's island runtime): a prerendered page counts its view
 * when the visitor opens it, never for a prerender nobody opened.
 *
 * Bundled on its own, with what it imports, as one classic script: the layout imports it with
 * Vite's `?worker&url`, Vite's way to get the URL of a script built apart (nothing here runs as a
 * worker). Its copy of src/lib/analytics/events.ts meets the islands' copy through the queue on
 * `globalThis` and a document event, not through module state. Until 29 November this was an
 * island that drew nothing: every page, those without an island too, fetched and ran the islands'
 * shared chunk (Preact, 11.3 KB brotli) after the first paint to call one function, and carried
 * the island's markup (441 bytes of brotli on the privacy policy, rendered per request). Not part
 * of the inline page script either: a module shared with another chunk would take that script out
 * of the page, two requests before the load event and a simulated largest paint 0.3 s later on
 * every route (docs/history/performance.md).
 */
import { startAnalytics } from '../lib/analytics/sender.ts';

startAnalytics();
