import type { FeedServer } from '../tests/support/feed-server.ts';

/**
 * Plausible's events API on the bench's stand-in host, for `npm run bench -- --analytics`: a site
 * with visitor analytics on posts every page view and funnel event here, and is answered as the
 * service answers (202, with CORS for the page's origin), so the pages are measured doing exactly
 * what they do for a firm that counts visits.
 */
export const BENCH_ANALYTICS_PATH = '/api/event';

export function routeAnalyticsService(host: FeedServer): void {
  host.route(BENCH_ANALYTICS_PATH, (req, res) => {
    req.resume();
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST') return void res.writeHead(405).end();
    res.writeHead(202, { 'Content-Type': 'text/plain' }).end('ok');
  });
}

/** The build-time settings of a site reporting to that stand-in on `port` (README, "Visitor analytics"). */
export function benchAnalyticsSettings(port: number): Record<string, string> {
  return {
    PUBLIC_ANALYTICS_PROVIDER: 'plausible',
    PUBLIC_ANALYTICS_SITE: 'bench.humanwise.example',
    PUBLIC_ANALYTICS_ORIGIN: `http://127.0.0.1:${port}`,
  };
}
