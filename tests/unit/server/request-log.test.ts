import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';

let server: Server | null = null;

afterEach(async () => {
  if (server) await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** The app with a stub Astro and one API route that answers the way the no-JavaScript form does. */
async function start() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const app = createApp({
    assets: new Map(),
    astro: async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>page</p>');
    },
    api: {
      '/api/waitlist': async (req, res) => {
        // As main.ts's renderForm does before rendering the /waitlist page.
        req.method = 'GET';
        req.url = '/waitlist';
        await app.renderWithAstro(req, res);
      },
    },
    health: async () => true,
    security: { scriptHashes: [], hsts: false },
    logger: pino({ level: 'info', base: null }, sink),
  });
  server = createServer((req, res) => void app.handle(req, res));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { lines, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the request log', () => {
  it('records the request as it arrived, also when the answer is rendered from another route', async () => {
    const { lines, url } = await start();
    const response = await fetch(`${url}/api/waitlist?name=Dana`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Dana+Whitfield&email=dana%40example.com',
    });
    expect(response.status).toBe(200);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [line] = lines.filter((l) => 'status' in l);
    expect(line).toMatchObject({ method: 'POST', path: '/api/waitlist', status: 200 });
    expect(typeof line?.durationMs).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/Dana|example\.com/);
  });
});
