/** Checks on a request's shape made before routing: methods and the Host header. */
import type { IncomingMessage, ServerResponse } from 'node:http';

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
