import { useEffect } from 'react';
import { whenActivated } from '../../browser/activation.ts';
import { startAnalytics } from '../../lib/analytics/sender.ts';

/**
 * Visitor analytics as an island: it draws nothing; hydrated after the first paint
 * (`client:afterpaint`), it starts our sender (src/lib/analytics/sender.ts). The layout renders it
 * only when PUBLIC_ANALYTICS_PROVIDER names a service, so without one the page has neither this
 * nor any script for it. An island because that is the framework's way to bring code in after the
 * first paint; the pages' inline script stays as small as it was. A prerendered page counts its view
 * when it is shown (`whenActivated`), never for a prerender the visitor did not open.
 */
export default function AnalyticsBeacon() {
  useEffect(() => {
    void whenActivated().then(startAnalytics);
  }, []);
  return null;
}
