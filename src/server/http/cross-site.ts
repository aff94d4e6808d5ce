/**
 * Refuses state-changing requests that a page on another site made a browser send (cross-site
 * request forgery: a form elsewhere posting leads into ours). Browsers say where a request comes
 * from in `Origin` (every POST) and `Sec-Fetch-Site`; a request with neither comes from a
 * server-side client, not a browser a visitor is using, and is let through.
 *
 * Hosts are compared, not schemes: behind a TLS proxy this server sees http while the browser
 * says https.
 */
import type { IncomingMessage } from 'node:http';

export interface CrossSiteOptions {
  /** The public site's address (SITE_URL); its host is always ours. */
  siteUrl: string;
  /** Further hosts whose pages may post to us (ALLOWED_ORIGINS), e.g. `www.example.com`. */
  allowedHosts?: readonly string[];
}

/** Methods that change nothing: never refused here. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export const CROSS_SITE_MESSAGE =
  'This form can only be sent from our own website. Please open the page on our site and send it from there.';

/** Lower-cased host with a default port (80, 443) dropped, or null when it is not a host. */
function normalizeHost(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  if (!trimmed) return null;
  try {
    // Parsing as a URL validates the host and writes IPv6 and IDNs one way.
    const url = new URL(`http://${trimmed}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return url.port === '443' || url.port === '80' ? url.hostname : url.host;
  } catch {
    return null;
  }
}

/** An ALLOWED_ORIGINS entry may be a host (`www.example.com`) or an origin (`https://www.example.com`). */
export function hostOfEntry(entry: string): string | null {
  const trimmed = entry.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      return normalizeHost(url.host);
    } catch {
      return null;
    }
  }
  return normalizeHost(trimmed);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Returns a checker: `refusal(req)` is null when the request may go on, or the reason (for the log)
 * when it must be answered 403.
 */
export function createCrossSiteCheck(options: CrossSiteOptions) {
  const fixed = new Set<string>();
  for (const entry of [options.siteUrl, ...(options.allowedHosts ?? [])]) {
    const host = hostOfEntry(entry);
    if (host) fixed.add(host);
  }

  return function refusal(req: IncomingMessage): string | null {
    if (SAFE_METHODS.has(req.method ?? 'GET')) return null;
    if (header(req, 'sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return 'sec-fetch-site cross-site';
    const origin = header(req, 'origin');
    if (origin === undefined) return null;
    if (origin.trim() === 'null') return 'origin null';
    let originHost: string | null = null;
    try {
      const url = new URL(origin.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') originHost = normalizeHost(url.host);
    } catch {
      originHost = null;
    }
    if (!originHost) return 'origin unreadable';
    if (fixed.has(originHost)) return null;
    const own = normalizeHost(header(req, 'host') ?? '');
    if (own && own === originHost) return null;
    return 'origin not allowed';
  };
}
