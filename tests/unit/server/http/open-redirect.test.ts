import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isSafeLocalLocation,
  namesAnotherHost,
  withoutTrailingSlash,
} from '../../../../src/server/http/request-target.ts';
import { rawRequest, type RunningApp, startApp } from '../app-harness.ts';

/** The one shape a Location may have: a single slash, then neither a slash nor a backslash. */
function expectLocal(location: string | undefined, target: string) {
  if (location === undefined) return;
  expect(location, target).toMatch(/^\/(?![/\\])/);
  // However a browser resolves it, it stays on our origin.
  expect(new URL(location, 'https://www.example.com/a/b').origin, target).toBe('https://www.example.com');
}

// Requests an attacker would send to bounce a visitor to another site: two or more leading slashes,
// backslashes, dot segments, encoded slashes and backslashes, query strings and fragments.
const HOSTILE_TARGETS = [
  '//evil.example/',
  '//evil.example',
  '//x//evil.example/',
  '//x//evil.example/?next=1',
  '///evil.example/',
  '////evil.example//',
  '/\\evil.example/',
  '/\\evil.example',
  '/\\/evil.example/',
  '\\\\evil.example/',
  '/./evil.example/',
  '/.//evil.example/',
  '/..//evil.example/',
  '/x/..//evil.example/',
  '/x/../..//evil.example/',
  '/about/..//evil.example/',
  '/%2F%2Fevil.example/',
  '/%2fevil.example/',
  '/%5Cevil.example/',
  '/%5c%5cevil.example/',
  '/%2F/evil.example/',
  '/x/%2F%2Fevil.example/',
  '/%09/evil.example/',
  '/about//',
  '/about///?a=//evil.example',
  '/about/?next=//evil.example/',
  '/about\\/',
  '/about/%5C/',
  '/about/./',
  '/about/../',
  '//evil.example/%2e%2e/',
  '/%2e%2e//evil.example/',
];

describe('no request makes the server redirect off the site', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it.each(HOSTILE_TARGETS)('GET %s', async (target) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(app.port, target, { method });
      expect(answer.status, `${method} ${target}`).toBeLessThan(500);
      expectLocal(answer.headers.location, target);
      // A target whose path could read as //host is not ours: 404, never a page or a redirect.
      if (/^\/[/\\]|^\/(%2f|%5c)/i.test(target)) expect(answer.status, target).toBe(404);
      if (!target.startsWith('/')) expect(answer.status, target).toBe(400);
    }
  });

  it('answers 404 for //x//evil.example/ (was 301 to //evil.example) and /\\evil.example/ (was the home page)', async () => {
    expect((await rawRequest(app.port, '//x//evil.example/')).status).toBe(404);
    const backslash = await rawRequest(app.port, '/\\evil.example/');
    expect(backslash.status).toBe(404);
    expect(backslash.body).toContain('Page not found');
    expect((await rawRequest(app.port, '///evil.example/')).status).toBe(404);
  });

  it('still removes a trailing slash from our own addresses, keeping the query', async () => {
    const answer = await rawRequest(app.port, '/about/?ref=newsletter');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/about?ref=newsletter');
    const nested = await rawRequest(app.port, '/program/orchestration//');
    expect(nested.headers.location).toBe('/program/orchestration');
  });

  it('never hands a host-like path to Astro', async () => {
    await rawRequest(app.port, '/\\evil.example/privacy-policy');
    await rawRequest(app.port, '//evil.example/privacy-policy');
    expect(app.astroCalls.filter((call) => call.includes('evil'))).toEqual([]);
  });

  it('refuses to send any Location that could leave the site, whoever set it', async () => {
    const leaky = await startApp({
      astro: async (_req, res) => {
        res.writeHead(302, { Location: '//evil.example/' }).end();
      },
    });
    try {
      const answer = await rawRequest(leaky.port, '/privacy-policy');
      expect(answer.headers.location).toBeUndefined();
      expect(answer.status).toBe(500);
    } finally {
      await leaky.close();
    }
  });
});

describe('isSafeLocalLocation', () => {
  it.each(['/about', '/program/orchestration', '/waitlist/joined', '/about?next=//evil.example', '/'])(
    'accepts %s',
    (location) => {
      expect(isSafeLocalLocation(location)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
    '/x//evil.example',
    '/..//evil.example',
    '/./evil',
    '/%2F%2Fevil.example',
    '/x/%2e%2e/%2e%2e//evil.example',
    '/%5Cevil.example',
    '/a\tb',
    '/a\\b',
    '/about?x=\\',
  ])('refuses %j', (location) => {
    expect(isSafeLocalLocation(location)).toBe(false);
  });

  it('is never true for a location that resolves to another origin', () => {
    const pieces = ['/', '\\', '.', '..', '%2F', '%5C', '%2e', 'evil.example', '?', '#', ':', '@', 'x'];
    // Every combination of up to four pieces.
    const combos: string[] = [''];
    for (let depth = 0; depth < 4; depth += 1) {
      for (const prefix of combos.splice(0)) for (const piece of pieces) combos.push(prefix + piece);
      for (const location of combos) {
        if (!isSafeLocalLocation(location)) continue;
        for (const base of ['https://www.example.com/', 'https://www.example.com/a/b/c']) {
          expect(new URL(location, base).origin, location).toBe('https://www.example.com');
        }
      }
    }
  });
});

describe('namesAnotherHost and withoutTrailingSlash', () => {
  it('flags paths a URL parser would read as a host', () => {
    for (const path of ['//a', '/\\a', '\\\\a', '\\/a', '/%2Fa', '/%5ca', '/%2F%2Fa'])
      expect(namesAnotherHost(path), path).toBe(true);
    for (const path of ['/', '/about', '/a//b', '/a/%2F']) expect(namesAnotherHost(path), path).toBe(false);
  });

  it('gives no redirect for a path that would only be safe by accident', () => {
    expect(withoutTrailingSlash({ path: '/x//evil.example/', search: '' })).toBeNull();
    expect(withoutTrailingSlash({ path: '/../evil/', search: '' })).toBeNull();
    expect(withoutTrailingSlash({ path: '/about/', search: '?a=1' })).toBe('/about?a=1');
  });
});
