/**
 * Counts each stored lead in the analytics service from the server, through the service's events
 * API (Plausible's `POST /api/event`, Umami's `POST /api/send`), so an ad blocker that stops the
 * browser's events cannot hide a conversion. Fire and forget: the lead is already stored and
 * answered; a slow or failing service is logged, never waited for. The event carries the program
 * only. The origin comes from the settings, never from a request.
 */
import type { AnalyticsConfig } from '../../config/build-settings.ts';
import { routes } from '../../config/routes.ts';
import { ANALYTICS_EVENTS_PATH, analyticsEvents, analyticsProps } from '../../lib/analytics/events.ts';

export interface LeadStoredReporterOptions {
  analytics: AnalyticsConfig | undefined;
  /** The public origin (SITE_URL): the event's page is the program's page on it. */
  siteUrl: string;
  timeoutMs?: number;
  /** Told when the service did not take the event (never with personal data). */
  onFailure?: (error: string) => void;
}

/** Plausible and Umami drop requests without a browser-like User-Agent as bots. */
const USER_AGENT = 'Mozilla/5.0 (compatible; humanwise-site server event)';

/** Returns the reporter, or undefined when no analytics service is configured. */
export function createLeadStoredReporter(
  options: LeadStoredReporterOptions,
): ((program: string | null) => Promise<void>) | undefined {
  const { analytics, siteUrl } = options;
  if (!analytics) return undefined;
  const timeoutMs = options.timeoutMs ?? 5_000;
  return async (program) => {
    const path = program ? routes.program(program) : routes.waitlist();
    const props = analyticsProps({ program });
    const [endpoint, body] =
      analytics.provider === 'plausible'
        ? [
            ANALYTICS_EVENTS_PATH.plausible,
            { name: analyticsEvents.leadStored, url: `${siteUrl}${path}`, domain: analytics.site, props },
          ]
        : [
            ANALYTICS_EVENTS_PATH.umami,
            {
              type: 'event',
              payload: {
                website: analytics.site,
                hostname: new URL(siteUrl).hostname,
                url: path,
                name: analyticsEvents.leadStored,
                data: props,
              },
            },
          ];
    try {
      const response = await fetch(`${analytics.origin}${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENT },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) options.onFailure?.(`HTTP ${response.status}`);
    } catch (error) {
      options.onFailure?.(error instanceof Error ? error.name : 'unknown error');
    }
  };
}
