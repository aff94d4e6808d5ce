import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE, hostOfEntry } from '../../../../src/server/http/cross-site.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { rawRequest, type RunningApp, startApp } from '../app-harness.ts';

const JSON_POST = { method: 'POST', body: '{"name":"Dana"}' };

describe('state-changing requests from other sites', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({
      crossSite: {
        siteUrl: 'https://www.humanwise.example',
        allowedHosts: ['humanwise.example', 'events.partner.example'],
      },
    });
  });
  afterAll(() => app.close());

  const post = (headers: Record<string, string>, path = '/api/echo', contentType = 'application/json') =>
    rawRequest(app.port, path, { ...JSON_POST, headers: { 'Content-Type': contentType, ...headers } });

  it.each([
    ['a page on another site', { Origin: 'https://evil.example' }],
    ['another site on our port', { Origin: 'http://evil.example:' }],
    ['a look-alike host', { Origin: 'https://www.humanwise.example.evil.example' }],
    ['a sub-domain not listed', { Origin: 'https://blog.humanwise.example' }],
    ['a sandboxed frame or a data: page (Origin: null)', { Origin: 'null' }],
    ['an unreadable Origin', { Origin: 'not a url' }],
    ['a non-web origin', { Origin: 'file://' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'Sec-Fetch-Site: cross-site with our own Origin',
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://www.humanwise.example' },
    ],
  ])('refuses %s with a clear 403', async (_what, headers) => {
    for (const [path, type] of [
      ['/api/echo', 'application/json'],
      ['/api/echo', 'application/x-www-form-urlencoded'],
      ['/waitlist', 'application/x-www-form-urlencoded'],
      ['/about', 'text/plain'],
    ] as const) {
      const answer = await post(headers, path, type);
      expect(answer.status, `${path} ${type}`).toBe(403);
      expect(answer.body, `${path} ${type}`).toContain(CROSS_SITE_MESSAGE);
    }
  });

  it('answers JSON to the API and a page to a form', async () => {
    const api = await post({ Origin: 'https://evil.example' });
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(api.body)).toEqual({ status: 'error', message: CROSS_SITE_MESSAGE });
    const form = await post({ Origin: 'https://evil.example' }, '/waitlist', 'application/x-www-form-urlencoded');
    expect(form.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each([
    ['no Origin and no Sec-Fetch-Site (a server-side client)', {}],
    ['our own host, whatever the scheme (TLS ends at the proxy)', { Origin: 'https://127.0.0.1:PORT' }],
    ['our own host over http', { Origin: 'http://127.0.0.1:PORT', 'Sec-Fetch-Site': 'same-origin' }],
    ["SITE_URL's host", { Origin: 'https://www.humanwise.example' }],
    ["SITE_URL's host with its default port", { Origin: 'https://www.humanwise.example:443' }],
    ['a host in ALLOWED_ORIGINS', { Origin: 'https://events.partner.example', 'Sec-Fetch-Site': 'same-site' }],
    ['upper-case letters', { Origin: 'HTTPS://WWW.HUMANWISE.EXAMPLE' }],
    ['Sec-Fetch-Site: same-origin alone', { 'Sec-Fetch-Site': 'same-origin' }],
  ])('lets through %s', async (_what, headers) => {
    const withPort = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value.replace('PORT', String(app.port))]),
    );
    const answer = await post(withPort);
    expect(answer.status).toBe(201);
  });

  it('never refuses reading', async () => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await rawRequest(app.port, '/', {
        method,
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('logs the refusal without the body', async () => {
    await post({ Origin: 'https://evil.example' });
    await expect.poll(() => app.lines.some((line) => line.msg === 'cross-site request refused')).toBe(true);
    expect(JSON.stringify(app.lines)).not.toContain('Dana');
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('reads hosts and origins, comma-separated', () => {
    expect(
      loadSettings({ ALLOWED_ORIGINS: 'example.com, https://events.example.org ,WWW.Example.net:8443' })
        .ALLOWED_ORIGINS,
    ).toEqual(['example.com', 'events.example.org', 'www.example.net:8443']);
    expect(loadSettings({}).ALLOWED_ORIGINS).toEqual([]);
  });

  it('names a bad entry', () => {
    expect(() => loadSettings({ ALLOWED_ORIGINS: 'example.com, not a host' })).toThrow(
      /ALLOWED_ORIGINS must list hosts/,
    );
  });

  it('compares hosts with default ports dropped', () => {
    expect(hostOfEntry('https://example.com:443')).toBe('example.com');
    expect(hostOfEntry('example.com:80')).toBe('example.com');
    expect(hostOfEntry('[::1]:4321')).toBe('[::1]:4321');
  });
});
