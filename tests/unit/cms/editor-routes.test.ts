/**
 * The editor's addresses on the real app (src/server/app.ts) with a stand-in for Astro: the login of
 * local mode, the editor's own policy, cross-site refusal, and the GitHub sign-in's state in github
 * mode. The stand-in records what reached Astro, so a refused request is proven never to reach
 * Keystatic (which would otherwise exchange the code with GitHub).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createEditorRoutes, type EditorRoutesOptions } from '../../../src/server/cms/editor-routes.ts';
import { createEditorSessions, FAILED_LOGIN_LIMIT } from '../../../src/server/cms/session.ts';
import { type RunningApp, startApp } from '../server/app-harness.ts';

const PASSWORD = 'correct horse battery';
let app: RunningApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(options: Partial<EditorRoutesOptions> = {}) {
  app = await startApp({
    crossSite: { siteUrl: 'https://www.humanwise.example.org' },
    editor: createEditorRoutes({
      mode: 'local',
      sessions: createEditorSessions(PASSWORD),
      trustProxy: false,
      log: () => {},
      ...options,
    }),
  });
  return app;
}

const login = (url: string, password: string) =>
  fetch(`${url}/keystatic/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }),
  });

describe('the editor in local mode with CMS_PASSWORD', () => {
  it('answers 401 to the editor and its API without a login, and nothing reaches Keystatic', async () => {
    const { url, astroCalls } = await start();
    const page = await fetch(`${url}/keystatic/collection/caseStudies`);
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('<label for="password">Password</label>');
    const api = await fetch(`${url}/api/keystatic/tree`);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ status: 'error', message: 'Log in to the site editor first.' });
    const update = await fetch(`${url}/api/keystatic/update`, { method: 'POST', body: '{}' });
    expect(update.status).toBe(401);
    expect(astroCalls).toEqual([]);
  });

  it('logs in with the password: a secure, HttpOnly, SameSite=Strict session that opens the editor', async () => {
    const { url, astroCalls } = await start();
    const wrong = await login(url, 'not the password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That password is not right.');
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await login(url, PASSWORD);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/keystatic');
    const cookie = right.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^humanwise_editor=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=\d+$/);

    const session = cookie.split(';')[0] ?? '';
    const api = await fetch(`${url}/api/keystatic/tree`, { headers: { cookie: session } });
    expect(api.status).toBe(404); // the stand-in for Astro has no such route: the request reached it
    expect(astroCalls).toEqual(['GET /api/keystatic/tree']);
  });

  it('tells the editor page there is a login, so its header offers to log out', async () => {
    const { url, astroLocals } = await start();
    const session = ((await login(url, PASSWORD)).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    await fetch(`${url}/keystatic/collection/caseStudies`, { headers: { cookie: session } });
    expect(astroLocals).toEqual([expect.objectContaining({ editorRequest: true, editorLogin: true })]);
  });

  it('logs out: the login page says so, and that session reaches neither the editor nor its API again', async () => {
    const { url, astroCalls } = await start();
    const session = ((await login(url, PASSWORD)).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const logout = await fetch(`${url}/keystatic/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: session },
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.get('set-cookie')).toMatch(/^humanwise_editor=; Path=\/; .*Max-Age=0$/);
    const landing = await fetch(new URL(logout.headers.get('location') ?? '', url));
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<p role="status">You have logged out. Log in again to edit the site.</p>');

    // The browser dropped the cookie; one kept anyway (a copy, another tab's request in flight) opens nothing.
    const page = await fetch(`${url}/keystatic`, { headers: { cookie: session } });
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('Log in to the site editor');
    expect((await fetch(`${url}/api/keystatic/tree`, { headers: { cookie: session } })).status).toBe(401);
    expect(astroCalls).toEqual([]);
  });

  it(`limits failed logins per client: after ${FAILED_LOGIN_LIMIT}, even the right password waits`, async () => {
    const { url } = await start();
    for (let attempt = 0; attempt < FAILED_LOGIN_LIMIT; attempt++) {
      expect((await login(url, `guess ${attempt}`)).status).toBe(401);
    }
    const refused = await login(url, PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many failed attempts\. Try again in \d+ minutes?\./);
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  it("gives the editor its own policy and leaves the public pages' policy as it is", async () => {
    const { url } = await start();
    const editor = await fetch(`${url}/keystatic/login`);
    const policy = editor.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).not.toContain('api.github.com');
    expect(editor.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const home = await fetch(`${url}/`);
    expect(home.headers.get('content-security-policy')).not.toContain('blob:');
  });

  it("refuses a cross-site post to the editor's API like the waiting list's", async () => {
    const { url, astroCalls } = await start();
    const session = ((await login(url, PASSWORD)).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const response = await fetch(`${url}/api/keystatic/update`, {
      method: 'POST',
      headers: { cookie: session, origin: 'https://attacker.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(astroCalls).toEqual([]);
  });

  it('without CMS_PASSWORD (a loopback HOST only), opens the editor without a login', async () => {
    const { url, astroCalls, astroLocals } = await start({ sessions: undefined });
    await fetch(`${url}/api/keystatic/tree`);
    expect(astroCalls).toEqual(['GET /api/keystatic/tree']);
    // There is no login to end: the header offers no log-out.
    expect(astroLocals).toEqual([expect.objectContaining({ editorRequest: true, editorLogin: false })]);
  });
});

describe('the editor in github mode', () => {
  const github = { clientId: 'Iv23liExampleClient', siteUrl: 'https://www.humanwise.example.org' };

  it('starts the GitHub sign-in itself, with a fresh state bound to this browser, back to SITE_URL', async () => {
    const { url } = await start({ mode: 'github', sessions: undefined, github });
    const response = await fetch(`${url}/api/keystatic/github/login`, {
      redirect: 'manual',
      headers: { host: 'attacker.example' },
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(location.searchParams.get('client_id')).toBe(github.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe(
      'https://www.humanwise.example.org/api/keystatic/github/oauth/callback',
    );
    const state = location.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(response.headers.get('set-cookie')).toContain(
      `humanwise_oauth_state=${state}; Path=/api/keystatic/github; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self' https://api.github.com");
  });

  it('refuses a callback with no state, another state, or a used one, before Keystatic sees it', async () => {
    const { url, astroCalls } = await start({ mode: 'github', sessions: undefined, github });
    const started = await fetch(`${url}/api/keystatic/github/login`, { redirect: 'manual' });
    const state = new URL(started.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const cookie = `humanwise_oauth_state=${state}`;
    const callback = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${url}/api/keystatic/github/oauth/callback?${query}`, { redirect: 'manual', headers });

    const missing = await callback('code=abc', { cookie });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Sign-in not accepted');
    expect((await callback(`code=abc&state=${'0'.repeat(32)}`, { cookie })).status).toBe(400);
    expect((await callback(`code=abc&state=${state}`)).status).toBe(400); // another browser: no cookie
    expect(astroCalls).toEqual([]);

    // The right state once: handed to Keystatic (here the stand-in), which exchanges the code.
    await callback(`code=abc&state=${state}`, { cookie });
    expect(astroCalls).toEqual([`GET /api/keystatic/github/oauth/callback?code=abc&state=${state}`]);
    expect((await callback(`code=abc&state=${state}`, { cookie })).status).toBe(400);
    expect(astroCalls).toHaveLength(1);
  });

  it('lets no other redirect leave the site', async () => {
    const routes = createEditorRoutes({ mode: 'github', trustProxy: false, github, log: () => {} });
    expect(routes.allowsLocation('/api/keystatic/github/login', 'https://github.com/login/oauth/authorize?x=1')).toBe(
      true,
    );
    expect(
      routes.allowsLocation('/api/keystatic/github/oauth/callback', 'https://github.com/login/oauth/authorize?x=1'),
    ).toBe(false);
    expect(routes.allowsLocation('/api/keystatic/github/login', 'https://github.com.attacker.example/')).toBe(false);
  });
});
