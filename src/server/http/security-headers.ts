import type { ServerResponse } from 'node:http';

export interface SecurityHeaderOptions {
  /** sha256 sources ('sha256-…') of every inline script the built pages carry. */
  scriptHashes: readonly string[];
  /** Send Strict-Transport-Security (only when the public site is served over https). */
  hsts: boolean;
  /** The visitor-analytics service's origin (PUBLIC_ANALYTICS_*): pages post their events there. */
  analyticsOrigin?: string | undefined;
}

/** The Content-Security-Policy: no inline script runs unless the build produced it. */
export function contentSecurityPolicy({
  scriptHashes,
  analyticsOrigin,
}: Pick<SecurityHeaderOptions, 'scriptHashes' | 'analyticsOrigin'>): string {
  const hashes = scriptHashes.map((hash) => `'${hash}'`).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes ? ` ${hashes}` : ''}`,
    // Astro inlines each page's critical CSS and React sets style attributes; no script can ride on them.
    "style-src 'self' 'unsafe-inline'",
    // Article thumbnails come from the blog platform's image hosts.
    "img-src 'self' data: https:",
    "font-src 'self'",
    // Our own analytics code posts page views and funnel events to exactly that origin, nothing else.
    `connect-src 'self'${analyticsOrigin ? ` ${analyticsOrigin}` : ''}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export function applySecurityHeaders(res: ServerResponse, options: SecurityHeaderOptions): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(options));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  // No interest-cohort=(): FLoC was withdrawn and browsers warn about the unknown feature; every
  // header byte counts against the first round trip (tests/e2e/budgets.spec.ts).
  res.setHeader(
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  );
  if (options.hsts) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
}
