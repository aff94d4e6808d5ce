/**
 * GET /metrics for Prometheus: answered only to a request that carries METRICS_TOKEN as a bearer
 * token (401 otherwise), never cached by anyone (no-store: a CDN in front must pass it through).
 * Without METRICS_TOKEN the server has no such route at all (404, see main.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperatorMetrics } from './operator-metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's length nor its content leaks through timing. */
function carriesToken(req: IncomingMessage, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

export function createMetricsEndpoint(token: string, metrics: OperatorMetrics) {
  const expected = digest(token);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end('Method not allowed\n');
      return;
    }
    if (!carriesToken(req, expected)) {
      res.writeHead(401, { ...headers, 'WWW-Authenticate': 'Bearer realm="metrics"' }).end('Unauthorized\n');
      return;
    }
    const { contentType, body } = await metrics.scrape();
    res.writeHead(200, { ...headers, 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
