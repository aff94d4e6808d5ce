import { expect, test, type APIRequestContext } from '@playwright/test';
import { get as httpGet } from 'node:http';
import { gzipSync } from 'node:zlib';
import { publicRoutes } from '../support/routes.ts';

/**
 * Byte budgets (gzip): what a page runs before first paint, and what each island loads after it.
 * Read from the production server, so on-demand pages count too.
 */
const FIRST_LOAD_JS_BUDGET = 5 * 1024;
const ISLAND_BUDGET = 70 * 1024;

const gzipSize = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

/** The modules `code` (fetched from `url`) imports, as paths. */
function importsOf(url: string, code: string): string[] {
  return [
    ...code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?\(?\s*["'](\.{1,2}\/[^"']+|\/_astro\/[^"']+)["']/g),
  ].map(([, specifier]) => new URL(specifier!, new URL(url, 'http://site')).pathname);
}

/** The gzip bytes of `entries` and every module they import, and those modules' paths. */
async function moduleGraphSize(request: APIRequestContext, entries: string[]) {
  const seen = new Set<string>();
  let total = 0;
  const queue = [...entries];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const response = await request.get(url);
    expect(response.ok(), `${url} loads`).toBe(true);
    const code = await response.text();
    total += gzipSize(code);
    queue.push(...importsOf(url, code));
  }
  return { total, modules: seen };
}

// Bytes do not depend on the viewport: one project runs these (the tag, in playwright.config.ts).
test.describe('JavaScript budgets', { tag: '@one-viewport' }, () => {
  for (const route of publicRoutes()) {
    test(`${route}: no script fetched and at most 5 KB before first paint, each island at most 70 KB in two round trips`, async ({
      request,
    }) => {
      const html = await (await request.get(route)).text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        // Data, not script: JSON-LD and the speculation rules.
        .filter(([, attributes]) => !/application\/(ld\+)?json|speculationrules/.test(attributes!))
        .map(([, , body]) => body!);
      // Nothing is fetched before first paint: the page script is inline, which Vite does only while
      // it is at most 5,120 bytes before compression (astro.config.mjs). One byte more moves it to
      // a file of its own, a request before the page's scripts run, and the gzip budget below
      // would still pass.
      const external = [
        ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
        ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
      ].map(([, src]) => src!);
      expect(external, `scripts ${route} fetches before first paint`).toEqual([]);
      const firstLoad = inline.reduce((sum, body) => sum + gzipSize(body), 0);
      expect(firstLoad, `first-load JS of ${route} in gzip bytes`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);

      const islands = [...html.matchAll(/<astro-island[^>]*component-url="([^"]+)"[^>]*renderer-url="([^"]+)"/g)];
      for (const [, component, renderer] of islands) {
        const { total } = await moduleGraphSize(request, [component!, renderer!]);
        expect(total, `island ${component} on ${route} in gzip bytes`).toBeLessThanOrEqual(ISLAND_BUDGET);
        // Two round trips: whatever the component imports, the small renderer fetched with it
        // imports too (the islands' shared chunk, astro.config.mjs), so it is asked for while the
        // component still downloads, not once the component has arrived.
        const rendererModules = (await moduleGraphSize(request, [renderer!])).modules;
        const componentImports = importsOf(component!, await (await request.get(component!)).text());
        expect(
          componentImports.filter((path) => !rendererModules.has(path)),
          `island ${component} on ${route}: imports its renderer does not`,
        ).toEqual([]);
      }
    });
  }
});

/**
 * Document budget: the first round trip of a new connection carries about 14,600 bytes (ten TCP
 * segments). A page whose compressed HTML and headers fit arrives whole in it; one byte more costs
 * another round trip before the headline can paint (on a phone, 150 ms or more). When this fails,
 * trim the page (its copy, its artwork, its classes) rather than raising the number.
 */
const FIRST_ROUND_TRIP_BYTES = 14_600;

/** Bytes on the wire for a page, as the server sends them: status line, headers and brotli body. */
function wireSize(url: string): Promise<{ headers: number; body: number; status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
      let body = 0;
      res.on('data', (chunk: Buffer) => (body += chunk.length));
      res.on('end', () => {
        const headers = res.rawHeaders.reduce(
          (sum, part, index) => sum + part.length + (index % 2 ? 4 : 0),
          'HTTP/1.1 200 OK\r\n\r\n'.length,
        );
        resolve({ headers, body, status: res.statusCode ?? 0 });
      });
    });
    req.on('error', reject);
  });
}

test.describe('Document budget', { tag: '@one-viewport' }, () => {
  for (const route of publicRoutes()) {
    test(`${route}: compressed HTML and headers fit in the first round trip`, async ({ baseURL }) => {
      const { headers, body, status } = await wireSize(new URL(route, baseURL).toString());
      expect(status).toBe(200);
      expect(
        headers + body,
        `${route}: ${headers} bytes of headers + ${body} bytes of brotli HTML`,
      ).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    });
  }
});
