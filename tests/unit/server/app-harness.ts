/**
 * The real app (src/server/app.ts) on a loopback port, with a stand-in for Astro that records what
 * reached it, one built page, one on-demand page and the 404 page, plus a raw HTTP client: fetch
 * and undici normalise request targets (`//x`, `/\x`, dot segments), so tests that need to send
 * them as an attacker would write raw bytes to a socket.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { type AppDependencies, createApp } from '../../../src/server/app.ts';
import type { StaticAsset } from '../../../src/server/http/static-files.ts';

export const PAGE_HTML = `<!doctype html><html lang="en"><head><title>Home</title></head><body>${'<p>Human-centred design meets AI.</p>'.repeat(60)}</body></html>`;

function asset(urlPath: string, html: string): StaticAsset {
  const body = Buffer.from(html);
  return {
    urlPath,
    body,
    gzip: gzipSync(body),
    brotli: brotliCompressSync(body),
    contentType: 'text/html; charset=utf-8',
    etag: `"etag-${urlPath.replace(/\W/g, '') || 'home'}"`,
    cacheControl: 'public, max-age=0, must-revalidate',
    scriptHashes: [],
  };
}

export interface RunningApp {
  url: string;
  port: number;
  /** The JSON log lines written so far. */
  lines: Record<string, unknown>[];
  /** Requests that reached the Astro stand-in, as `METHOD url`. */
  astroCalls: string[];
  /** What the server handed the page of each of those requests (Astro.locals), in the same order. */
  astroLocals: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startApp(overrides: Partial<AppDependencies> = {}): Promise<RunningApp> {
  const lines: Record<string, unknown>[] = [];
  const astroCalls: string[] = [];
  const astroLocals: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  const assets = new Map<string, StaticAsset>([
    ['/', asset('/', PAGE_HTML)],
    ['/about', asset('/about', PAGE_HTML.replace('Home', 'About'))],
    ['/404', asset('/404', '<!doctype html><title>Page not found</title><h1>Page not found</h1>')],
  ]);
  const app = createApp({
    assets,
    astro: async (req: IncomingMessage, res: ServerResponse, next, locals) => {
      astroCalls.push(`${req.method} ${req.url}`);
      astroLocals.push(locals ?? {});
      // The on-demand pages: the legal page and the no-JavaScript form.
      if (req.url?.split('?')[0] === '/privacy-policy' || req.url?.split('?')[0] === '/waitlist') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end(PAGE_HTML.replace('Home', 'Privacy policy'));
        return;
      }
      next();
    },
    api: {
      '/api/echo': async (req, res) => {
        res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ method: req.method }));
      },
    },
    health: async () => true,
    security: { scriptHashes: [], hsts: false },
    logger: pino({ level: 'info', base: null }, sink),
    ...overrides,
  });
  const server: Server = createServer((req, res) => void app.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    lines,
    astroCalls,
    astroLocals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { type RawAnswer, rawRequest } from '../../support/raw-http.ts';
