/** Checks on a request's shape made before routing: methods and the Host header. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/** Pages, files and /healthz are only read. */
export const PAGE_METHODS = ['GET', 'HEAD'] as const;

/**
 * Answers 405 with `Allow` when the request's method is not one of `methods`, and says whether the
 * request may go on. A 405 is an ordinary answer: the request log records it in one line.
 */
export function allowMethods(req: IncomingMessage, res: ServerResponse, methods: readonly string[]): boolean {
  if (methods.includes(req.method ?? '')) return true;
  const body = JSON.stringify({ status: 'error', message: `Method not allowed. Use ${methods.join(' or ')}.` });
  res.writeHead(405, {
    Allow: methods.join(', '),
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
  return false;
}

/**
 * A request with two Host headers is ambiguous (a proxy and this server could each believe a
 * different one); Node keeps the first silently, so the raw headers are counted.
 */
export function hasOneHost(req: IncomingMessage): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts += 1;
  }
  return hosts <= 1;
}

// A host name (letters, digits, hyphens, underscores in dot-separated labels, an optional final
// dot), an IPv4 address (which that also matches) or a bracketed IPv6 address, then an optional port.
const HOST_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?$/;
const HOST_WITH_PORT = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/;

/**
 * Whether the Host header names a host and nothing else. Astro builds the request's URL from it,
 * and `a:b@127.0.0.1` (user info), a path, a space or an empty host made that throw (a 500 with a
 * stack trace). A request without Host (HTTP/1.0) passes; Node answers 400 itself for HTTP/1.1.
 */
export function hasValidHost(req: IncomingMessage): boolean {
  const host = req.headers.host;
  if (host === undefined) return true;
  const match = HOST_WITH_PORT.exec(host);
  if (!match) return false;
  const [, name = '', port] = match;
  if (port !== undefined && Number(port) > 65_535) return false;
  if (name.startsWith('[')) return isIP(name.slice(1, -1)) === 6;
  return name.length <= 253 && HOST_NAME.test(name);
}
