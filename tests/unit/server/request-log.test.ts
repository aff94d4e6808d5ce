import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/server/app.ts';

let server: Server | null = null;

afterEach(async () => {
  if (server) await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** The app with a stub Astro and a page that handles a form posted to itself by rendering the page, as /waitlist does. */
async function start(
  astro: Parameters<typeof createApp>[0]['astro'] = async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>page</p>');
  },
) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp({
    assets: new Map(),
    astro,
    api: {},
    formPosts: { '/waitlist': (_req, _res, renderPage) => renderPage({}) },
    health: async () => true,
    security: { scriptHashes: [], hsts: false },
    logger: pino({ level: 'info', base: null }, sink),
  });
  server = createServer((req, res) => void app.handle(req, res));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { lines, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the request log', () => {
  it('records the request as it arrived, also when a form post is answered by rendering the page', async () => {
    const { lines, url } = await start();
    const response = await fetch(`${url}/waitlist?name=Dana`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Dana+Whitfield&email=dana%40example.com',
    });
    expect(response.status).toBe(200);
    await response.text();
    // The line is written when the response finishes, which the client may see a moment before.
    const line = await vi.waitFor(() => {
      const found = lines.find((l) => 'status' in l);
      if (!found) throw new Error('no request line yet');
      return found;
    });
    expect(line).toMatchObject({ method: 'POST', path: '/waitlist', status: 200 });
    expect(typeof line?.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/Dana|example\.com/);
  });

  it.each([
    ['throws', async () => Promise.reject(new Error('render broke'))],
    [
      'hands an error on',
      async (_req: unknown, _res: unknown, next: (error?: unknown) => void) => next(new Error('render broke')),
    ],
  ])('leaves the query string out of the line of a render that %s', async (_name, astro) => {
    const { lines, url } = await start(astro as Parameters<typeof start>[0]);
    const response = await fetch(`${url}/waitlist?email=dana%40example.com&name=Dana`);
    expect(response.status).toBe(500);
    await response.text();
    const failure = await vi.waitFor(() => {
      const found = lines.find((l) => l.msg === 'render failed');
      if (!found) throw new Error('no render failure line yet');
      return found;
    });
    expect(failure.path).toBe('/waitlist');
    expect(JSON.stringify(lines)).not.toMatch(/Dana|example\.com/);
  });
});
