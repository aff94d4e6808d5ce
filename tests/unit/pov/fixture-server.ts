import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Route = (req: IncomingMessage, res: ServerResponse) => void;

const FIXTURES = new URL('../../fixtures/feeds/', import.meta.url);

export function fixtureFeed(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

/**
 * A feed server on 127.0.0.1 for the tests: routes are set per test, requests are counted per path.
 * Unknown paths answer 404.
 */
export interface FeedFixtureServer {
  url(path: string): string;
  route(path: string, handler: Route): void;
  requests(path: string): number;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedFixtureServer> {
  const routes = new Map<string, Route>();
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    route: (path, handler) => {
      routes.set(path, handler);
    },
    requests: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a fixture file (or a string) as RSS, optionally after a delay. */
export function xml(body: string, opts: { delayMs?: number; contentType?: string } = {}): Route {
  return (_req, res) => {
    const send = (): void => {
      res.writeHead(200, { 'content-type': opts.contentType ?? 'application/rss+xml; charset=utf-8' });
      res.end(body);
    };
    if (opts.delayMs) setTimeout(send, opts.delayMs);
    else send();
  };
}

export function status(code: number): Route {
  return (_req, res) => {
    res.writeHead(code, { 'content-type': 'text/plain' }).end('Upstream trouble');
  };
}

/** Accepts the request and never answers. */
export function hang(): Route {
  return () => {};
}

/** Streams chunks without a Content-Length, up to `totalBytes`. */
export function chunked(totalBytes: number, chunkBytes = 4096): Route {
  return (_req, res) => {
    res.on('error', () => {});
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    let sent = 0;
    const pump = (): void => {
      while (sent < totalBytes && !res.destroyed) {
        const size = Math.min(chunkBytes, totalBytes - sent);
        sent += size;
        if (!res.write('<!-- padding -->'.repeat(Math.ceil(size / 16)).slice(0, size))) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  };
}

/** The fixture feed runs on 127.0.0.1, which the feed reader refuses unless told (POV_FEED_ALLOW_PRIVATE). */
export const LOOPBACK_FEED = { allowPrivateAddresses: true } as const;
