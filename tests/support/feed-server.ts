/**
 * The one stand-in for the blog's feed host (this machine has no internet), used by the unit tests,
 * the browser tests, the reliability suite and the benchmark.
 *
 * Built-in paths:
 *   /healthz               "ok": tells a runner the server is up
 *   /feed.xml              the good fixture feed (tests/fixtures/feeds/medium.xml)
 *   /fault/hang            accepts the request and never answers
 *   /fault/stall-body      sends headers and half a feed, then nothing
 *   /fault/500             HTTP 500
 *   /fault/garbage         HTTP 200 "application/rss+xml" with random bytes
 *   /fault/html            HTTP 200 with an HTML error page instead of a feed
 *   /fault/huge-declared   50 MB with a Content-Length header
 *   /fault/huge-chunked    50 MB chunked, no length announced
 *   /fault/drop            closes the connection without a word
 *   /fault/drop-mid-body   sends half a feed, then resets the connection
 *   /many-items            a valid feed of 13,481 items in 1.9 MB, just under the 2 MB limit (a runaway feed)
 *   /switch/<name>         the good feed until `fail(name)`, then HTTP 500
 *   /feed-with-images.xml  the good feed, its articles' images on this server (/images/<name>.png|jpeg)
 *   /images/<name>         a 1024x768 image made on request (PNG or JPEG by the name's extension)
 * Tests add or replace paths with `route()`; anything else is a 404. Requests are counted per path.
 *
 * As a process: `node tests/support/feed-server.ts PORT` (Playwright's webServer).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

const FIXTURES = new URL('../fixtures/feeds/', import.meta.url);
const RSS = 'application/rss+xml; charset=utf-8';
export const HUGE_BYTES = 50 * 1024 * 1024;

/** A fixture feed from tests/fixtures/feeds. */
export function fixtureFeed(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

const FEED = Buffer.from(fixtureFeed('medium.xml'));

/** The fixture feed runs on 127.0.0.1, which the feed reader refuses unless told (POV_FEED_ALLOW_PRIVATE). */
export const LOOPBACK_FEED = { allowPrivateAddresses: true } as const;

export const MANY_ITEMS = 13_481;
const manyItemsFeed = Buffer.from(
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Runaway</title>${Array.from(
    { length: MANY_ITEMS },
    (_, i) =>
      `<item><title>Field note ${i}</title><link>https://blog.example.com/notes/${i}</link>` +
      `<description>Note ${i}: what we learned.</description></item>\n`,
  ).join('')}</channel></rss>`,
);

export interface FeedServer {
  /** http://127.0.0.1:PORT */
  base: string;
  url(path: string): string;
  route(path: string, handler: Route): void;
  requests(path: string): number;
  /** Every path asked for so far, in the order asked. */
  requestOrder(): string[];
  /** Makes /switch/<name> answer 500 from now on. */
  fail(name: string): void;
  /** Bytes the huge paths managed to send before the reader hung up. */
  hugeBytesSent: Map<string, number>;
  close(): Promise<void>;
}

/** Answers with a feed (or any text) as RSS. */
export function xml(body: string | Buffer, opts: { contentType?: string } = {}): Route {
  return (_req, res) => void res.writeHead(200, { 'content-type': opts.contentType ?? RSS }).end(body);
}

/**
 * Holds every request to `route` until the test calls `release()`, then answers each as `route`
 * does: a feed that is slow for exactly as long as the test needs, on any machine.
 */
export function gated(route: Route): { route: Route; release(): void } {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  return { route: (req, res) => void released.then(() => route(req, res)), release };
}

export function status(code: number, body = 'Upstream trouble'): Route {
  return (_req, res) => void res.writeHead(code, { 'content-type': 'text/plain' }).end(body);
}

/** Accepts the request and never answers (the socket is closed with the server). */
export function hang(): Route {
  return () => {};
}

/** Streams chunks without a Content-Length, up to `totalBytes`; `onSent` hears the running total. */
export function chunked(totalBytes: number, chunkBytes = 4096, onSent?: (bytes: number) => void): Route {
  return (_req, res) => {
    res.on('error', () => {});
    res.writeHead(200, { 'content-type': RSS });
    let sent = 0;
    const pump = (): void => {
      while (sent < totalBytes && !res.destroyed) {
        const size = Math.min(chunkBytes, totalBytes - sent);
        sent += size;
        onSent?.(sent);
        if (!res.write('<!-- padding -->'.repeat(Math.ceil(size / 16)).slice(0, size))) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    pump();
  };
}

function faultRoutes(hugeBytesSent: Map<string, number>): Map<string, Route> {
  const half = FEED.subarray(0, FEED.length >> 1);
  const huge = (name: string, declared: boolean): Route => {
    const stream = chunked(HUGE_BYTES, 64 * 1024, (bytes) => hugeBytesSent.set(name, bytes));
    return (req, res) => {
      if (declared) res.setHeader('Content-Length', HUGE_BYTES);
      stream(req, res);
    };
  };
  return new Map<string, Route>([
    ['/healthz', (_req, res) => void res.writeHead(200).end('ok')],
    ['/feed.xml', xml(FEED)],
    ['/many-items', xml(manyItemsFeed)],
    ['/fault/hang', hang()],
    [
      '/fault/stall-body',
      (_req, res) => void res.writeHead(200, { 'content-type': RSS, 'content-length': FEED.length }).write(half),
    ],
    ['/fault/500', status(500, 'Internal Server Error')],
    ['/fault/garbage', (_req, res) => void res.writeHead(200, { 'content-type': RSS }).end(randomBytes(64 * 1024))],
    ['/fault/html', xml('<!doctype html><html><body><h1>Bad gateway</h1></body></html>', { contentType: 'text/html' })],
    ['/fault/huge-declared', huge('huge-declared', true)],
    ['/fault/huge-chunked', huge('huge-chunked', false)],
    ['/fault/drop', (req) => void req.socket.destroy()],
    [
      '/fault/drop-mid-body',
      (req, res) => {
        res.writeHead(200, { 'content-type': RSS, 'content-length': FEED.length });
        res.write(half, () => req.socket.resetAndDestroy());
      },
    ],
  ]);
}

/** An article image as a blog's CDN would send it: large, with its own format. */
async function sendImage(path: string, res: ServerResponse): Promise<void> {
  const jpeg = path.endsWith('.jpeg') || path.endsWith('.jpg');
  const canvas = sharp({ create: { width: 1024, height: 768, channels: 3, background: { r: 32, g: 96, b: 160 } } });
  const body = await (jpeg ? canvas.jpeg() : canvas.png()).toBuffer();
  res.writeHead(200, { 'content-type': jpeg ? 'image/jpeg' : 'image/png', 'content-length': body.length }).end(body);
}

export async function startFeedServer({ port = 0 }: { port?: number } = {}): Promise<FeedServer> {
  const hugeBytesSent = new Map<string, number>();
  const routes = faultRoutes(hugeBytesSent);
  const failing = new Set<string>();
  const counts = new Map<string, number>();
  const order: string[] = [];
  const sockets = new Set<Socket>();
  let base = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    order.push(path);
    const handler = routes.get(path);
    if (handler) return handler(req, res);
    if (path === '/feed-with-images.xml') {
      return xml(FEED.toString('utf8').replaceAll('https://cdn.example.com/max/1024/1*', `${base}/images/`))(req, res);
    }
    if (path.startsWith('/images/')) return void sendImage(path, res);
    if (path.startsWith('/switch/')) {
      return failing.has(path.slice('/switch/'.length))
        ? status(500, 'upstream failure')(req, res)
        : xml(FEED)(req, res);
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    url: (path) => `${base}${path}`,
    route: (path, handler) => void routes.set(path, handler),
    requests: (path) => counts.get(path) ?? 0,
    requestOrder: () => [...order],
    fail: (name) => void failing.add(name),
    hugeBytesSent,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await startFeedServer({ port: Number(process.argv[2] ?? 4391) });
}
