/**
 * Sends page views and the funnel's events to the configured analytics service, from our own
 * code, after the first paint: src/browser/analytics-start.ts, a script of its own that the
 * layout names only when a service is configured, starts this once the page is shown. Why not
 * the service's own script: no third-party code runs on our pages (script-src
 * stays 'self'; the CSP adds the service's origin to connect-src only), nothing of it is fetched
 * before or after the first paint, and the requests are exactly those of each service's public
 * events API, which its script makes too: Plausible's `POST /api/event`, Umami's `POST /api/send`.
 *
 * Cookieless: no cookie, no localStorage, no identifier of our own; requests go without
 * credentials. The URL sent is the page's path without its query string; the referrer, the
 * referring site's origin.
 */
import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_QUEUED,
  type AnalyticsEventName,
  analyticsEvents,
  analyticsProps,
  takeQueuedEvents,
} from './events.ts';

/** Where to send, as the layout wrote it on <html> (PUBLIC_ANALYTICS_*). */
function configOfPage() {
  const root = document.documentElement;
  return {
    provider: root.dataset.analyticsProvider,
    site: root.dataset.analyticsSite ?? '',
    origin: root.dataset.analyticsOrigin ?? '',
  };
}
let config = { provider: undefined as string | undefined, site: '', origin: '' };

/**
 * The sends so far, in order: each request starts when the one before has been answered, so the
 * service receives the funnel in the order the visitor went through it ("opened" before "step 1"),
 * which two requests in flight at once do not guarantee.
 */
let sending: Promise<unknown> = Promise.resolve();

function post(path: string, body: unknown, contentType: string): void {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive: true,
  };
  sending = sending.then(() =>
    fetch(`${config.origin}${path}`, init).catch(() => {
      // Counting must never disturb the visit.
    }),
  );
}

/**
 * The referring site (its origin), or null: never the referring page's path, query or fragment. The
 * page before is mostly one of ours, whose whole address the browser gives, query included
 * (`/?email=...` from a newsletter's link), and the privacy policy says the service gets the site.
 */
function referringSite(): string | null {
  try {
    const { origin } = new URL(document.referrer);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** One page view (`name` undefined) or custom event. */
function send(name: AnalyticsEventName | undefined, props: Record<string, string> = {}): void {
  const path = location.pathname;
  const referrer = referringSite();
  const { provider, site } = config;
  if (provider === 'plausible') {
    // text/plain, as Plausible's own script sends it: a simple request, no CORS preflight.
    post(
      ANALYTICS_EVENTS_PATH.plausible,
      {
        name: name ?? 'pageview',
        url: `${location.origin}${path}`,
        domain: site,
        referrer,
        ...(Object.keys(props).length ? { props } : {}),
      },
      'text/plain',
    );
  } else if (provider === 'umami') {
    post(
      ANALYTICS_EVENTS_PATH.umami,
      {
        type: 'event',
        payload: {
          website: site,
          hostname: location.hostname,
          url: path,
          title: document.title,
          ...(referrer ? { referrer } : {}),
          ...(name ? { name, ...(Object.keys(props).length ? { data: props } : {}) } : {}),
        },
      },
      'application/json',
    );
  }
}

function flush(): void {
  for (const event of takeQueuedEvents()) send(event.name, event.props);
}

let flushAfterFrame = false;

/**
 * The funnel's events are queued in a visitor's tap (Join, a step's Next, a filter): they are sent
 * once the frame showing the tap's answer is painted (rAF runs just before that frame, a task
 * queued from it after), not in the tap, where each request took 1-3 ms of a phone's main thread
 * at 4x CPU (29 November 2026; a page's first, the page view, up to 10). A page hidden or left
 * before that frame sends what is queued as it goes (keepalive requests outlive the page), and a
 * hidden page, which draws no frames (an answer from the server after the visitor switched tabs),
 * sends at once.
 */
function flushAfterNextFrame(): void {
  if (document.visibilityState === 'hidden') {
    flush();
    return;
  }
  if (flushAfterFrame) return;
  flushAfterFrame = true;
  requestAnimationFrame(() =>
    setTimeout(() => {
      flushAfterFrame = false;
      flush();
    }),
  );
}

/** The program page the visitor is on, if any (a prop of Schedule a Call). */
function programOfPage(): string | undefined {
  return /^\/program\/([a-z0-9-]+)$/.exec(location.pathname)?.[1];
}

let started = false;

/** The page view (again on each return from the back/forward cache), the events queued so far and from now on, and Schedule a Call clicks. Once. */
export function startAnalytics(): void {
  if (started) return;
  started = true;
  config = configOfPage();
  if (!config.provider) return;
  send(undefined);
  flush();
  document.addEventListener(ANALYTICS_QUEUED, flushAfterNextFrame);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  // Back (or Forward) to a page the browser kept in its back/forward cache shows it again without
  // running any script: the visitor views it again, and the services' own scripts count that view
  // (Plausible's does), so this sends it too; without it a return to the program page before
  // joining was missing from the funnel.
  addEventListener('pageshow', (event) => {
    if (event.persisted) send(undefined);
  });

  // Schedule a Call: any link to the booking page (the layout names it on <html>).
  const booking = document.documentElement.dataset.analyticsBooking;
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[href]');
      if (booking && link?.href === new URL(booking, location.href).href) {
        send(analyticsEvents.scheduleCall, analyticsProps({ program: programOfPage() }));
      }
    },
    true,
  );
}
