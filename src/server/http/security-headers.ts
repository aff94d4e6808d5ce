import type { ServerResponse } from 'node:http';
import { isSpeculable } from '../../lib/speculation-rules.ts';

export interface SecurityHeaderOptions {
  /** sha256 sources ('sha256-…') of every inline script the built pages carry. */
  scriptHashes: readonly string[];
  /**
   * The public site is served over https (SITE_URL): send Strict-Transport-Security and the CSP's
   * upgrade-insecure-requests. Over plain http both stay off: upgrade-insecure-requests would make
   * browsers fetch every image, font and script of a page at an https address nothing answers.
   */
  hsts: boolean;
  /** The visitor-analytics service's origin (PUBLIC_ANALYTICS_*): every page posts its events there. */
  analyticsOrigin?: string | undefined;
}

export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'form-action'
  | 'base-uri'
  | 'object-src'
  | 'frame-ancestors'
  | 'upgrade-insecure-requests';

/**
 * The policy every response starts from. Nothing here names another origin: no inline script runs
 * unless the build produced it, and images (the POV articles' too, which our server fetches and
 * re-encodes) come from our origin only.
 */
const BASE_POLICY: Readonly<Record<CspDirective, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Astro inlines each page's critical CSS and React sets style attributes; no script can ride on them.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': [],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': [],
};

/** Directives written without sources; any other directive left empty is left out. */
const VALUELESS = new Set<CspDirective>(['upgrade-insecure-requests']);

/**
 * The Content-Security-Policy: the base, this response's inline-script hashes, and the analytics
 * service's origin in connect-src (our own analytics code, src/lib/analytics/sender.ts, posts page
 * views and funnel events there, and nowhere else); upgrade-insecure-requests only when the site
 * is served over https (`hsts`).
 */
export function contentSecurityPolicy({
  scriptHashes,
  hsts,
  analyticsOrigin,
}: Pick<SecurityHeaderOptions, 'scriptHashes' | 'hsts' | 'analyticsOrigin'>): string {
  const added: Partial<Record<CspDirective, readonly string[]>> = {
    'script-src': scriptHashes.map((hash) => `'${hash}'`),
    'connect-src': analyticsOrigin ? [analyticsOrigin] : [],
  };
  const directives: string[] = [];
  for (const [directive, base] of Object.entries(BASE_POLICY) as [CspDirective, readonly string[]][]) {
    if (directive === 'upgrade-insecure-requests' && !hsts) continue;
    const sources = [...new Set([...base, ...(added[directive] ?? [])])];
    if (sources.length > 0) directives.push(`${directive} ${sources.join(' ')}`);
    else if (VALUELESS.has(directive)) directives.push(directive);
  }
  return directives.join('; ');
}

/** The headers every response carries; `path` decides the opener policy (see below). */
export function applySecurityHeaders(res: ServerResponse, options: SecurityHeaderOptions, path = '/'): void {
  // The analytics service's origin too: pages rendered per request send their page view as built pages do.
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(options));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  // Cross-Origin-Opener-Policy cuts the window references between a page and any cross-origin
  // window that opens it or that it opens. It guards what a page holds: the waiting-list pages (what
  // a visitor types), the editor (its GitHub session) and the APIs keep it, and a visitor who goes on
  // to the waiting list arrives there in a browsing context group of its own, out of any opener's
  // reach. The pages we prerender (isSpeculable) are public, the same for everyone, with no cookie:
  // nothing to guard. And on the page being left, the header makes Chrome answer the tap that shows
  // a prerendered page by restyling and repainting the whole old page at once (a 66 ms style pass at
  // 4x CPU on Results), beside the next page's first frame: 12 ms on every tap to the next page
  // (docs/history/performance.md, "The opener policy and the page being left").
  if (!isSpeculable(path)) res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  // No interest-cohort=(): FLoC was withdrawn and browsers warn about the unknown feature; every
  // header byte counts against the first round trip (tests/e2e/budgets.spec.ts).
  res.setHeader(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  );
  if (options.hsts) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
}
