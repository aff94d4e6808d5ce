/**
 * Reading the request target and writing redirects without ever leaving our origin.
 *
 * Routing works on the raw path as the client sent it, never on `new URL(req.url, base)`: the URL
 * parser reads a path that begins with `//` (or `/\`, since it treats backslashes as slashes) as
 * `//host/...`, so `GET //evil.example/` would be routed as `/` on another host, and a redirect built
 * from it (`Location: //evil.example`) sends the browser off the site.
 */
import type { ServerResponse } from 'node:http';

export interface RequestTarget {
  /** The path exactly as sent, without the query string. */
  path: string;
  /** The query string with its `?`, or ''. */
  search: string;
}

/**
 * Splits an origin-form request target ("/path?query") into path and query. Anything else (the
 * absolute form "http://host/path" meant for proxies, the asterisk form "*") is not ours to serve.
 */
export function parseRequestTarget(url: string | undefined): RequestTarget | null {
  const raw = url ?? '/';
  if (!raw.startsWith('/')) return null;
  const queryAt = raw.indexOf('?');
  return queryAt === -1 ? { path: raw, search: '' } : { path: raw.slice(0, queryAt), search: raw.slice(queryAt) };
}

/** Decodes percent-escapes for inspection only; a malformed escape is left as written. */
function decodedForInspection(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * True for a path a browser or URL parser could read as naming a host: one that begins with two
 * slashes, a slash and a backslash, or a backslash, also when those are percent-encoded
 * (`/%2F`, `/%5C`). None of our routes looks like that; such a request answers 404.
 */
export function namesAnotherHost(path: string): boolean {
  const startsLikeHost = (value: string) => /^[/\\][/\\]/.test(value) || value.startsWith('\\');
  return startsLikeHost(path) || startsLikeHost(decodedForInspection(path));
}

/**
 * A path that may be sent back in a Location header: it begins with exactly one slash followed by
 * neither a slash nor a backslash (so no browser can read it as `//host`), and holds no backslash,
 * dot segment, control character or space (so no resolution step can turn it into one).
 */
export function isSafeLocalLocation(location: string): boolean {
  if (!/^\/(?![/\\])/.test(location)) return false;
  const path = location.split(/[?#]/, 1)[0] as string;
  const decoded = decodedForInspection(path);
  for (const candidate of [path, decoded]) {
    if (/[\\\s\p{Cc}]/u.test(candidate)) return false;
    if (/\/\//.test(candidate)) return false;
    if (/(^|\/)\.{1,2}(\/|$)/.test(candidate)) return false;
  }
  // The query may carry anything percent-encoded, but never a raw backslash or control character.
  return !/[\\\p{Cc}]/u.test(location);
}

/** The address without its trailing slashes, if that is a safe place to redirect to; null otherwise. */
export function withoutTrailingSlash(target: RequestTarget): string | null {
  const location = target.path.replace(/\/+$/, '') + target.search;
  return isSafeLocalLocation(location) ? location : null;
}

/** Sends a redirect to a local path; refuses (by throwing) any Location that could leave the site. */
export function redirectLocally(res: ServerResponse, status: 301 | 302 | 303 | 307 | 308, location: string): void {
  if (!isSafeLocalLocation(location)) throw new Error('refused to redirect outside the site');
  res.writeHead(status, { Location: location }).end();
}
