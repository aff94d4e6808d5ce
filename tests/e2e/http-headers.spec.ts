import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { publicRoutes } from '../support/routes.ts';

function expectHardened(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, `${what}: script-src`).toMatch(/'self'/);
  expect(scriptSrc, `${what}: no unsafe script sources`).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\).*geolocation=\(\)/);
}

/** A hashed script file: the header's script is inlined into each page, so take an island's module from /pov. */
async function scriptAsset(request: APIRequestContext) {
  const html = await (await request.get('/pov')).text();
  return html.match(/(?:src|component-url)="(\/_astro\/[^"]+\.js)"/)?.[1];
}

test.describe('HTTP hardening', () => {
  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'headers do not depend on the viewport');
  });

  test('pages, assets, the 404 page and every API carry the security headers', async ({ request }) => {
    const home = await request.get('/');
    expectHardened(home, 'home');
    const asset = await scriptAsset(request);
    expect(asset).toBeTruthy();
    expectHardened(await request.get(asset!), 'asset');
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expectHardened(missing, '404');
    expectHardened(await request.get('/api/pov'), '/api/pov');
    expectHardened(await request.post('/api/waitlist', { data: {} }), '/api/waitlist');
    expectHardened(await request.get('/healthz'), '/healthz');
    expectHardened(await request.get('/privacy-policy'), 'on-demand page');
  });

  test("each built page's policy allows exactly its own inline scripts", async ({ request }) => {
    const allowed = (response: APIResponse) =>
      (response.headers()['content-security-policy'] ?? '')
        .match(/'sha256-[^']+'/g)
        ?.map((source) => source.slice(1, -1))
        .sort() ?? [];
    for (const path of ['/', '/about', '/program/orchestration', '/results', '/pov']) {
      const response = await request.get(path);
      const html = await response.text();
      const own = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
        .map(([, body = '']) => `sha256-${createHash('sha256').update(body).digest('base64')}`)
        .sort();
      expect(own.length, path).toBeGreaterThan(0);
      expect(allowed(response), path).toEqual([...new Set(own)].sort());
    }
  });

  test('a page with a deferred island names the site stylesheet it brings along, served as cacheable CSS', async ({
    request,
  }) => {
    const html = await (await request.get('/program/orchestration')).text();
    const href = html.match(/<astro-island[^>]*data-stylesheet="([^"]+)"/)?.[1];
    expect(href).toMatch(/^\/_astro\/site\.[\w-]+\.css$/);
    const css = await request.get(href!, { headers: { 'Accept-Encoding': 'br' } });
    expect(css.headers()['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers()['content-encoding']).toBe('br');
    expect(await css.text()).toContain('.theme-night');
  });

  test('hashed assets are immutable for a year; pages revalidate; APIs are not cached', async ({ request }) => {
    const home = await request.get('/');
    expect(home.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(home.headers().etag).toBeTruthy();
    const asset = (await scriptAsset(request))!;
    expect((await request.get(asset)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request.get('/api/pov')).headers()['cache-control']).toBe('no-store');
    const again = await request.get('/', { headers: { 'If-None-Match': home.headers().etag! } });
    expect(again.status()).toBe(304);
  });

  test('HTML, CSS, JS, JSON, SVG and XML are compressed', async ({ request }) => {
    const encoding = async (path: string, accept = 'br, gzip') =>
      (await request.get(path, { headers: { 'Accept-Encoding': accept } })).headers()['content-encoding'];
    const html = await (await request.get('/')).text();
    const script = (await scriptAsset(request))!;
    const svg = html.match(/src="(\/_astro\/[^"]+\.svg)"/)![1]!;
    expect(await encoding('/')).toBe('br');
    expect(await encoding('/', 'gzip')).toBe('gzip');
    expect(await encoding(script)).toBe('br');
    expect(await encoding(svg)).toBe('br');
    expect(await encoding('/sitemap.xml')).toBe('br');
    expect(await encoding('/privacy-policy')).toMatch(/^(br|gzip)$/);
    expect(await encoding('/no-such-page')).toBe('br');
  });

  test('no page triggers a Content-Security-Policy violation', async ({ page }) => {
    test.setTimeout(180_000);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    for (const route of [...publicRoutes(), '/no-such-page']) {
      await page.goto(route);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
    }
    expect(violations).toEqual([]);
  });
});
