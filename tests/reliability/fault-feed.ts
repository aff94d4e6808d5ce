/**
 * A stand-in for the blog's feed host that misbehaves on request. The path picks the behaviour, so
 * each server under test is pointed at the fault it should meet:
 *
 *   /feed.xml              the good fixture feed
 *   /fault/hang            accepts the request and never answers
 *   /fault/stall-body      sends headers and half a feed, then nothing
 *   /fault/500             HTTP 500
 *   /fault/garbage         HTTP 200 "application/rss+xml" with random bytes
 *   /fault/html            HTTP 200 with an HTML error page instead of a feed
 *   /fault/huge-declared   50 MB with a Content-Length header
 *   /fault/huge-chunked    50 MB chunked, no length announced
 *   /fault/drop            closes the connection without a word
 *   /fault/drop-mid-body   sends half a feed, then resets the connection
 *   /many-items            a valid feed of 13,481 items in about 2 MB (a runaway or hostile feed)
 *   /switch/<name>         the good feed until `fail(name)`, then HTTP 500
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const FEED = readFileSync(new URL('../../tests/fixtures/feeds/medium.xml', import.meta.url));
export const HUGE_BYTES = 50 * 1024 * 1024;
const RSS = 'application/rss+xml; charset=utf-8';

export const MANY_ITEMS = 13_481;
const manyItemsFeed = Buffer.from(
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Runaway</title>${Array.from(
    { length: MANY_ITEMS },
    (_, i) =>
      `<item><title>Field note ${i}</title><link>https://blog.example.com/notes/${i}</link>` +
      `<description>&lt;p&gt;Note ${i}: what we learned.&lt;/p&gt;</description></item>\n`,
  ).join('')}</channel></rss>`,
);

export interface FaultFeed {
  base: string;
  /** Bytes the huge paths managed to send before the reader hung up. */
  hugeBytesSent: Map<string, number>;
  fail(name: string): void;
  close(): Promise<void>;
}

function streamHuge(res: ServerResponse, name: string, sent: Map<string, number>): void {
  const chunk = Buffer.alloc(64 * 1024, '<item><title>padding</title></item>\n');
  let total = 0;
  const pump = () => {
    while (total < HUGE_BYTES && !res.destroyed) {
      total += chunk.length;
      sent.set(name, total);
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>\n');
  pump();
}

export async function startFaultFeed(): Promise<FaultFeed> {
  const failing = new Set<string>();
  const hugeBytesSent = new Map<string, number>();
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/feed.xml') return void res.writeHead(200, { 'Content-Type': RSS }).end(FEED);
    if (path === '/many-items') return void res.writeHead(200, { 'Content-Type': RSS }).end(manyItemsFeed);
    if (path.startsWith('/switch/')) {
      const name = path.slice('/switch/'.length);
      if (failing.has(name)) return void res.writeHead(500).end('upstream failure');
      return void res.writeHead(200, { 'Content-Type': RSS }).end(FEED);
    }
    switch (path) {
      case '/fault/hang':
        return; // never answer; the socket is closed when the harness ends
      case '/fault/stall-body':
        res.writeHead(200, { 'Content-Type': RSS, 'Content-Length': FEED.length });
        res.write(FEED.subarray(0, FEED.length >> 1));
        return;
      case '/fault/500':
        return void res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      case '/fault/garbage':
        return void res.writeHead(200, { 'Content-Type': RSS }).end(randomBytes(64 * 1024));
      case '/fault/html':
        return void res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end('<!doctype html><html><body><h1>Bad gateway</h1></body></html>');
      case '/fault/huge-declared':
        res.writeHead(200, { 'Content-Type': RSS, 'Content-Length': HUGE_BYTES + 80 });
        return streamHuge(res, 'huge-declared', hugeBytesSent);
      case '/fault/huge-chunked':
        res.writeHead(200, { 'Content-Type': RSS });
        return streamHuge(res, 'huge-chunked', hugeBytesSent);
      case '/fault/drop':
        return void req.socket.destroy();
      case '/fault/drop-mid-body':
        res.writeHead(200, { 'Content-Type': RSS, 'Content-Length': FEED.length });
        res.write(FEED.subarray(0, FEED.length >> 1), () => req.socket.resetAndDestroy());
        return;
      default:
        return void res.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    base: `http://127.0.0.1:${port}`,
    hugeBytesSent,
    fail: (name) => failing.add(name),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
