import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PovResponse } from '../../lib/pov/types.ts';

/**
 * GET /api/pov: the Point of View articles as `{status: 'ok', items}` or `{status: 'error', message}`.
 * Upstream problems are HTTP 200 with status "error" (the shape the page reads);
 * HTTP 500 only when our own code fails.
 */
export function createPovHandler(service: {
  get(): Promise<PovResponse>;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(req, res, 405, { status: 'error', message: 'Method not allowed' }, { allow: 'GET, HEAD' });
      return;
    }
    try {
      send(req, res, 200, await service.get());
    } catch {
      send(req, res, 500, { status: 'error', message: 'Something went wrong on our side.' });
    }
  };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  statusCode: number,
  body: PovResponse,
  extraHeaders: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const json = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(json),
    ...extraHeaders,
  });
  res.end(req.method === 'HEAD' ? undefined : json);
}
