import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PovResponse } from '../../lib/pov/types.ts';
import type { Thumbnails } from '../feed/thumbnails.ts';

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

/**
 * GET /api/pov/thumbnail?id=...: an article's image, fetched and re-encoded by our server (see
 * src/server/feed/thumbnails.ts). 404 for an id the current feed does not name or whose image
 * could not be had; the page then shows its placeholder.
 */
export function createPovThumbnailHandler(
  thumbnails: Thumbnails,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-length': 0 }).end();
      return;
    }
    const id = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('id') ?? '';
    const image = /^[0-9a-f]{32}$/.test(id) ? await thumbnails.get(id) : null;
    if (!image) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : 'No such image');
      return;
    }
    res.writeHead(200, {
      'content-type': 'image/webp',
      // The id names an address, not bytes: an hour, like the feed, then ask again.
      'cache-control': 'public, max-age=3600',
      'content-length': image.length,
    });
    res.end(req.method === 'HEAD' ? undefined : image);
  };
}
