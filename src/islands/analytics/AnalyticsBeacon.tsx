import { useEffect } from 'react';
import { startAnalytics } from '../../lib/analytics/sender.ts';

/**
 * Visitor analytics as an island: it draws nothing; hydrated after the first paint
 * (`client:afterpaint`), it starts our sender (src/lib/analytics/sender.ts). The layout renders it
 * only when PUBLIC_ANALYTICS_PROVIDER names a service, so without one the page has neither this
 * nor any script for it. An island because that is the framework's way to bring code in after the
 * first paint; the pages' inline script stays as small as it was. A prerendered page counts its view
 * when it is shown, never for a prerender the visitor did not open: no island starts before then
 * (src/browser/page-start.ts starts their runtime after activation). Importing `whenActivated`
 * here too would put it in a chunk of its own, shared with the page script, which could then no
 * longer travel inline in the page: two requests before the load event, and a simulated largest
 * paint 0.3 s later on every route (docs/history/performance.md).
 */
export default function AnalyticsBeacon() {
  useEffect(() => {
    startAnalytics();
  }, []);
  return null;
}
