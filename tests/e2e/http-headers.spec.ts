import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { rawRequest } from '../support/raw-http.ts';
import { baseURL } from '../../playwright.config.ts';

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

/** A hashed script file: the header's script is inlined into each page, so take an island's module from /results. */
async function scriptAsset(request: APIRequestContext) {
  const html = await (await request.get('/results')).text();
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

  test('the waiting list and the APIs keep an opener policy; the pages we prerender go without', async ({
    request,
  }) => {
    const opener = async (answer: Promise<APIResponse>) => (await answer).headers()['cross-origin-opener-policy'];
    for (const path of ['/waitlist', '/waitlist?program=orchestration', '/waitlist/joined', '/api/pov'])
      expect(await opener(request.get(path)), path).toBe('same-origin');
    expect(await opener(request.post('/api/waitlist', { data: {} })), 'POST /api/waitlist').toBe('same-origin');
    // Public and the same for everyone; with the header, Chrome restyles the whole page at each tap away.
    for (const path of ['/', '/results', '/case-study/cdp', '/program/orchestration', '/privacy-policy', '/nope'])
      expect(await opener(request.get(path)), path).toBeUndefined();
  });

  test("each built page's policy allows exactly its own inline scripts", async ({ request }) => {
    const allowed = (response: APIResponse) =>
      (response.headers()['content-security-policy'] ?? '')
        .match(/'sha256-[^']+'/g)
        ?.map((source) => source.slice(1, -1))
        .sort() ?? [];
    for (const path of ['/', '/about', '/program/orchestration', '/results']) {
      const response = await request.get(path);
      const html = await response.text();
      const own = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
        .map(([, body = '']) => `sha256-${createHash('sha256').update(body).digest('base64')}`)
        .sort();
      expect(own.length, path).toBeGreaterThan(0);
      expect(allowed(response), path).toEqual([...new Set(own)].sort());
    }
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

  // That no page's own loads and scripts break the policy is checked where every page is opened in
  // a browser: every-page.spec.ts.
});

/** The built server, met the way the outside attack met it: raw requests Playwright would normalise. */
test.describe('what an outside attack found', () => {
  const port = Number(new URL(baseURL).port);

  test.beforeEach(() => {
    test.skip(test.info().project.name !== 'desktop', 'HTTP behaviour does not depend on the viewport');
  });

  test('no request is redirected off the site; host-like paths answer 404', async () => {
    const targets = [
      '//x//evil.example/',
      '//x//evil.example/?q=1',
      '///evil.example/',
      '/\\evil.example/',
      '/.//evil.example/',
      '/about/..//evil.example/',
      '/%2F%2Fevil.example/',
      '/%5Cevil.example/',
      '/privacy-policy/?next=//evil.example',
    ];
    for (const target of targets) {
      const answer = await rawRequest(port, target);
      expect(answer.status, target).toBeLessThan(500);
      const location = answer.headers.location;
      if (location !== undefined) expect(location, target).toMatch(/^\/(?![/\\])/);
      if (/^\/[/\\]|^\/%(2f|5c)/i.test(target)) expect(answer.status, target).toBe(404);
    }
    expect((await rawRequest(port, '/privacy-policy/?next=//evil.example')).headers.location).toBe(
      '/privacy-policy?next=//evil.example',
    );
  });

  test("Astro's image endpoint is off", async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(port, '/_image?href=%2Ffavicon.svg&w=2000&h=2000&f=avif', { method });
      expect(answer.status, method).toBe(404);
    }
  });

  test('TRACE and other unsupported methods get 405 with Allow, not a 500', async () => {
    for (const path of ['/', '/privacy-policy', '/waitlist/joined', '/no-such-page']) {
      for (const method of ['TRACE', 'PUT', 'DELETE', 'OPTIONS']) {
        const answer = await rawRequest(port, path, { method });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
      }
    }
  });

  test('HEAD on an on-demand page sends the headers GET sends', async () => {
    const volatile = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    for (const path of ['/privacy-policy', '/waitlist', '/']) {
      const headers = { 'Accept-Encoding': 'gzip, br' };
      const get = await rawRequest(port, path, { headers });
      const head = await rawRequest(port, path, { method: 'HEAD', headers });
      const shown = (answer: typeof get) =>
        answer.headerLines
          .filter(([name]) => !volatile.has(name))
          .map(([name, value]) => `${name}: ${value}`)
          .sort();
      expect(shown(head), path).toEqual(shown(get));
    }
  });

  test('br;q=0 never gets brotli; weak, listed and * validators get 304; two Host headers get 400', async ({
    request,
  }) => {
    for (const path of ['/', '/privacy-policy']) {
      const answer = await rawRequest(port, path, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
      expect(answer.headers['content-encoding'], path).toBe('gzip');
    }
    const etag = (await request.get('/', { headers: { 'Accept-Encoding': 'identity' } })).headers().etag as string;
    for (const validator of [`W/${etag}`, `"stale", ${etag}`, '*']) {
      expect((await rawRequest(port, '/', { headers: { 'If-None-Match': validator } })).status, validator).toBe(304);
    }
    const twoHosts = await rawRequest(port, '/', { headers: { Host: [`127.0.0.1:${port}`, 'evil.example'] } });
    expect(twoHosts.status).toBe(400);
  });

  test('a Host that is not a host name or address with an optional port gets 400, never a 500', async () => {
    const targets: [method: string, path: string][] = [
      ['GET', '/waitlist'],
      ['GET', '/waitlist/joined'],
      ['GET', '/privacy-policy'],
      ['GET', '/terms-of-service'],
      ['GET', '/no-such-page'],
      ['GET', '/'],
      ['POST', '/waitlist'],
      ['POST', '/api/waitlist'],
    ];
    for (const host of ['a:b@127.0.0.1', `127.0.0.1:${port}/x`, '127.0.0.1:port', 'evil example', '[::1', '']) {
      for (const [method, path] of targets) {
        const answer = await rawRequest(port, path, {
          method,
          headers: { Host: host, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: method === 'POST' ? 'name=Dana' : '',
        });
        expect(answer.status, `${method} ${path} with Host ${JSON.stringify(host)}`).toBe(400);
      }
    }
    // Every ordinary spelling of a host still reaches the page.
    for (const host of [
      `127.0.0.1:${port}`,
      '127.0.0.1',
      'localhost',
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      'www.example.com.',
    ]) {
      expect((await rawRequest(port, '/privacy-policy', { headers: { Host: host } })).status, host).toBe(200);
    }
  });

  test('each encoding of a page has its own ETag, and If-None-Match answers 304 for the encoding asked for', async () => {
    for (const path of ['/', '/results', '/favicon.svg']) {
      const tags = new Map<string, string>();
      for (const encoding of ['br', 'gzip', 'identity']) {
        const answer = await rawRequest(port, path, { headers: { 'Accept-Encoding': encoding } });
        expect(answer.status, `${path} ${encoding}`).toBe(200);
        expect(answer.headers['content-encoding'] ?? 'identity', `${path} ${encoding}`).toBe(encoding);
        tags.set(encoding, answer.headers.etag as string);
      }
      expect(new Set(tags.values()).size, `${path}: ${[...tags.values()].join(' ')}`).toBe(3);
      for (const [encoding, etag] of tags) {
        const again = await rawRequest(port, path, { headers: { 'Accept-Encoding': encoding, 'If-None-Match': etag } });
        expect(again.status, `${path} ${encoding} revalidated`).toBe(304);
        expect(again.headers.etag).toBe(etag);
        // The same validator for another encoding names other bytes: those are sent in full.
        const other = encoding === 'br' ? 'gzip' : 'br';
        const switched = await rawRequest(port, path, { headers: { 'Accept-Encoding': other, 'If-None-Match': etag } });
        expect(switched.status, `${path} ${encoding} tag, ${other} asked`).toBe(200);
        expect(switched.headers.etag).toBe(tags.get(other));
      }
    }
  });

  test("a refused form answers with its status's own reason phrase", async () => {
    const answer = await rawRequest(port, '/waitlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=Dana',
    });
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
  });

  test('a lead posted from another site is refused with a clear 403; our own pages still post', async ({ request }) => {
    const lead = { name: 'Dana Whitfield', email: 'dana@northwind.example' };
    const foreign = await request.post('/api/waitlist', { data: lead, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).message).toMatch(/only be sent from our own website/);
    const form = await request.post('/waitlist', {
      form: { name: 'Dana Whitfield' },
      headers: { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(form.status()).toBe(403);
    expect(await form.text()).toContain('only be sent from our own website');
    // Our own origin (and a client that sends none) reaches the API, which judges the lead itself.
    const own = await request.post('/api/waitlist', { data: {}, headers: { Origin: baseURL } });
    expect(own.status()).not.toBe(403);
  });
});
