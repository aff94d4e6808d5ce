import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RunningApp, startApp } from './app-harness.ts';

describe('methods a route does not support', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  const methods = ['TRACE', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'POST', 'PROPFIND', 'MKCOL', 'PURGE', 'LINK'];
  const paths = ['/', '/about', '/privacy-policy', '/no-such-page', '/healthz', '/about/', '//evil.example/x'];

  it.each(methods)(
    '%s on pages, files and /healthz answers 405 with Allow, before Astro, in one log line',
    async (method) => {
      for (const path of paths) {
        const before = app.lines.length;
        const answer = await rawRequest(app.port, path, { method });
        // A host-like path is not ours whatever the method.
        if (path.startsWith('//')) {
          expect(answer.status, `${method} ${path}`).toBe(404);
          continue;
        }
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
        await expect.poll(() => app.lines.length).toBeGreaterThan(before);
        const written = app.lines.slice(before);
        expect(written, `${method} ${path}`).toHaveLength(1);
        expect(written[0]).toMatchObject({ method, path, status: 405 });
        expect(JSON.stringify(written)).not.toMatch(/stack|"err"/);
      }
      expect(app.astroCalls.filter((call) => call.startsWith(`${method} `))).toEqual([]);
    },
  );

  it('still serves GET and HEAD', async () => {
    for (const path of ['/', '/about', '/privacy-policy', '/healthz']) {
      expect((await rawRequest(app.port, path)).status, path).toBe(200);
      expect((await rawRequest(app.port, path, { method: 'HEAD' })).status, path).toBe(200);
    }
    expect((await rawRequest(app.port, '/no-such-page')).status).toBe(404);
  });

  it('leaves the APIs their own methods', async () => {
    const answer = await rawRequest(app.port, '/api/echo', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(201);
  });
});
