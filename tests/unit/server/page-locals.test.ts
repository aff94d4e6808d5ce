import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedArticle } from '../../../src/lib/pov/types.ts';
import type { StaticAsset } from '../../../src/server/http/static-files.ts';
import { type RunningApp, startApp } from './app-harness.ts';

const article: FeedArticle = {
  title: 'Momentum after the workshop',
  link: 'https://blog.example.com/momentum',
  description: 'Three named owners and a review date.',
  thumbnail: null,
  published: null,
};

function builtFile(urlPath: string, text: string, contentType: string): StaticAsset {
  return { urlPath, body: Buffer.from(text), contentType, etag: '"x"', cacheControl: 'public, max-age=0' };
}

describe('what pages rendered per request are handed (Astro.locals)', () => {
  let app: RunningApp;
  const seen: Record<string, unknown>[] = [];
  beforeAll(async () => {
    app = await startApp({
      assets: new Map([
        ['/_astro/Island.abc.js', builtFile('/_astro/Island.abc.js', 'const c="text-error"', 'text/javascript')],
        ['/about', builtFile('/about', '<!doctype html><title>About</title>', 'text/html')],
      ]),
      pageLocals: { povArticles: () => [article] },
      astro: async (_req: IncomingMessage, res: ServerResponse, _next, locals = {}) => {
        seen.push(locals);
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Point of View</title>');
      },
    });
  });
  afterAll(() => app.close());

  it("the server's page locals, and the build's browser modules by URL path", async () => {
    expect((await fetch(`${app.url}/pov`)).status).toBe(200);
    const locals = seen.at(-1) as Required<App.Locals>;
    expect(locals.povArticles()).toEqual([article]);
    expect(locals.builtScript('/_astro/Island.abc.js')).toBe('const c="text-error"');
    // Scripts only, and only the build's.
    expect(locals.builtScript('/about')).toBeUndefined();
    expect(locals.builtScript('/_astro/missing.js')).toBeUndefined();
  });
});
