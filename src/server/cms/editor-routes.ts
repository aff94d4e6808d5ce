/**
 * The editor's addresses (/keystatic/* and its API /api/keystatic/*), handled before the site's own
 * routing when the build carries the editor (CMS_MODE local or github):
 *
 * - their own Content-Security-Policy (Keystatic's UI injects styles and, in github mode, calls the
 *   GitHub API); public pages keep theirs;
 * - local mode with CMS_PASSWORD: nothing of the editor, page or API, without logging in
 *   (src/server/cms/session.ts); the login page and the publishing status are ours;
 * - github mode: our server starts the GitHub sign-in itself with a state bound to a cookie, and
 *   refuses a callback whose state is missing or not that one (Keystatic checks none);
 * - everything else is Keystatic's, rendered by Astro.
 *
 * Cross-site posts to the API are refused before this, like the waiting list's (src/server/app.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EDITOR_API_PATH, EDITOR_PATH, LOG_OUT_PATH, PUBLISHING_PATH, SAVE_PATH } from '../../config/editor-paths.ts';
import { clientKey } from '../http/client-key.ts';
import { HttpError, readBody } from '../http/read-body.ts';
import { cookieValue, type EditorSessions, passwordMatches } from './session.ts';

const LOGIN_PATH = '/keystatic/login';
/** Where a log-out lands: the login page, saying that it worked. */
const LOGGED_OUT_QUERY = 'logged-out';
const GITHUB_LOGIN_PATH = '/api/keystatic/github/login';
const GITHUB_CALLBACK_PATH = '/api/keystatic/github/oauth/callback';
const GITHUB_AUTHORIZE = 'https://github.com/login/oauth/authorize';
const OAUTH_STATE_COOKIE = 'humanwise_oauth_state';
const OAUTH_STATE_MINUTES = 10;

function isEditorPath(path: string): boolean {
  return (
    path === EDITOR_PATH ||
    path.startsWith(`${EDITOR_PATH}/`) ||
    path === EDITOR_API_PATH ||
    path.startsWith(`${EDITOR_API_PATH}/`)
  );
}

/** The editor's policy: the public one's rules, plus what Keystatic's UI needs (and GitHub's API in github mode). */
function editorContentSecurityPolicy(mode: 'local' | 'github'): string {
  const github = mode === 'github';
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Keystatic's UI (Emotion) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    // Uploaded images are previewed from blob: URLs; GitHub serves the signed-in user's avatar.
    `img-src 'self' data: blob:${github ? ' https://avatars.githubusercontent.com https://raw.githubusercontent.com' : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${github ? ' https://api.github.com' : ''}`,
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What the editor's page (src/cms/EditorPage.astro) is told besides that the server routed it. */
export interface EditorPageLocals {
  /** The editor asks for a login here, so its header offers a way to log out (local mode with CMS_PASSWORD). */
  editorLogin?: boolean;
}

export interface PublishingStatus {
  /** The publishing status page (local mode): the last builds' results, and why a build failed. */
  page(): string;
}

export interface EditorRoutesOptions {
  mode: 'local' | 'github';
  /** local mode with CMS_PASSWORD; undefined means no login (a loopback HOST only: src/server/settings.ts). */
  sessions?: EditorSessions | undefined;
  trustProxy: boolean;
  /** github mode: the OAuth App's client id, and the public origin its callback goes to (SITE_URL). */
  github?: { clientId: string; siteUrl: string };
  publishing?: PublishingStatus;
  /** local mode: a change was saved (Keystatic's update answered 200): publish it. */
  onSaved?: () => void;
  log: (event: Record<string, unknown>, message: string) => void;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A small, self-contained page of ours (login, refusals, publishing status). */
export function editorPage(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">' +
    `<title>${escapeHtml(title)}</title><style>` +
    'body{font-family:system-ui,sans-serif;margin:0;background:#f6f5fb;color:#1d1b2e}' +
    'main{max-width:34rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}' +
    'label{display:block;font-weight:600;margin:1rem 0 .25rem}input{font:inherit;padding:.6rem;width:100%;box-sizing:border-box;border:1px solid #77748a;border-radius:6px}' +
    'button{font:inherit;margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#4b2bb3;color:#fff;cursor:pointer}' +
    ':focus-visible{outline:3px solid #b35b00;outline-offset:2px}[role=alert]{color:#a3122a;font-weight:600}' +
    'table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top}pre{white-space:pre-wrap;overflow-wrap:anywhere}summary{cursor:pointer}' +
    `</style></head><body><main>${body}</main></body></html>`
  );
}

function loginPage(message?: string, status?: string): string {
  return editorPage(
    'Log in to the site editor',
    '<h1>Log in to the site editor</h1>' +
      (status ? `<p role="status">${escapeHtml(status)}</p>` : '') +
      (message ? `<p role="alert">${escapeHtml(message)}</p>` : '') +
      `<form method="post" action="${LOGIN_PATH}"><label for="password">Password</label>` +
      '<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>' +
      '<button type="submit">Log in</button></form>' +
      `<p><a href="${PUBLISHING_PATH}">Publishing status</a></p>`,
  );
}

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(html),
    ...headers,
  });
  res.end(html);
}

function sendJson(res: ServerResponse, status: number, message: string) {
  const body = JSON.stringify({ status: 'error', message });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function createEditorRoutes(options: EditorRoutesOptions) {
  const { mode, sessions, trustProxy, github, publishing, onSaved, log } = options;
  const policy = editorContentSecurityPolicy(mode);
  /** OAuth states already used once: a callback URL cannot be replayed. */
  const usedStates = new Map<string, number>();

  async function logIn(req: IncomingMessage, res: ServerResponse, active: EditorSessions) {
    let password = '';
    try {
      const body = await readBody(req, { limitBytes: 4096, timeoutMs: 10_000 });
      password = new URLSearchParams(body.toString('utf8')).get('password') ?? '';
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 400;
      return send(res, status, loginPage('The login could not be read. Please try again.'), { Connection: 'close' });
    }
    const client = clientKey(req, trustProxy);
    const result = await active.logIn(client, password);
    if (result.ok) {
      log({ event: 'editor login' }, 'editor login');
      res.writeHead(303, { Location: EDITOR_PATH, 'Set-Cookie': result.cookie, 'Cache-Control': 'no-store' }).end();
      return;
    }
    if (result.retryAfterSeconds !== undefined) {
      log({ event: 'editor login refused', reason: 'too many failures' }, 'editor login refused');
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return send(
        res,
        429,
        loginPage(`Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`),
        { 'Retry-After': String(result.retryAfterSeconds) },
      );
    }
    log({ event: 'editor login failed' }, 'editor login failed');
    return send(res, 401, loginPage('That password is not right.'));
  }

  function startGitHubSignIn(res: ServerResponse, active: { clientId: string; siteUrl: string }) {
    const state = randomBytes(16).toString('hex');
    const url = new URL(GITHUB_AUTHORIZE);
    url.searchParams.set('client_id', active.clientId);
    // Where GitHub sends the browser back: our public origin, never one a request names.
    url.searchParams.set('redirect_uri', `${active.siteUrl}${GITHUB_CALLBACK_PATH}`);
    url.searchParams.set('state', state);
    res.writeHead(302, {
      Location: url.toString(),
      'Set-Cookie': `${OAUTH_STATE_COOKIE}=${state}; Path=/api/keystatic/github; HttpOnly; Secure; SameSite=Lax; Max-Age=${OAUTH_STATE_MINUTES * 60}`,
      'Cache-Control': 'no-store',
    });
    res.end();
  }

  /** The callback's state must be the one this browser was given, once, within OAUTH_STATE_MINUTES. */
  function stateIsValid(req: IncomingMessage, state: string | null): boolean {
    const now = Date.now();
    for (const [used, expires] of usedStates) if (expires <= now) usedStates.delete(used);
    const expected = cookieValue(req, OAUTH_STATE_COOKIE);
    if (!state || !expected || !/^[0-9a-f]{32}$/.test(state) || usedStates.has(state)) return false;
    if (!passwordMatches(state, expected)) return false;
    usedStates.set(state, now + OAUTH_STATE_MINUTES * 60 * 1000);
    return true;
  }

  return {
    matches: isEditorPath,

    /** Lets exactly one kind of redirect leave the site: the GitHub sign-in this module starts. */
    allowsLocation(path: string, location: string): boolean {
      return mode === 'github' && path === GITHUB_LOGIN_PATH && location.startsWith(`${GITHUB_AUTHORIZE}?`);
    },

    async handle(
      req: IncomingMessage,
      res: ServerResponse,
      path: string,
      query: string,
      renderWithAstro: (locals: EditorPageLocals) => Promise<void>,
    ): Promise<void> {
      res.setHeader('Content-Security-Policy', policy);
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      if (!['GET', 'HEAD', 'POST'].includes(req.method ?? '')) {
        return send(res, 405, editorPage('Method not allowed', '<h1>Method not allowed</h1>'), {
          Allow: 'GET, HEAD, POST',
        });
      }
      const isApi = path === EDITOR_API_PATH || path.startsWith(`${EDITOR_API_PATH}/`);

      if (mode === 'local' && sessions) {
        if (path === LOGIN_PATH) {
          if (req.method === 'POST') return logIn(req, res, sessions);
          if (req.method === 'GET' || req.method === 'HEAD') {
            const loggedOut = new URLSearchParams(query).has(LOGGED_OUT_QUERY);
            return send(
              res,
              200,
              loginPage(undefined, loggedOut ? 'You have logged out. Log in again to edit the site.' : undefined),
            );
          }
          return send(res, 405, loginPage(), { Allow: 'GET, HEAD, POST' });
        }
        if (path === LOG_OUT_PATH && req.method === 'POST') {
          res.writeHead(303, {
            Location: `${LOGIN_PATH}?${LOGGED_OUT_QUERY}`,
            'Set-Cookie': sessions.logOut(req),
            'Cache-Control': 'no-store',
          });
          res.end();
          return;
        }
        if (!sessions.isLoggedIn(req)) {
          if (isApi) return sendJson(res, 401, 'Log in to the site editor first.');
          return send(res, 401, loginPage());
        }
      }

      if (path === PUBLISHING_PATH && publishing) {
        if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, '', { Allow: 'GET, HEAD' });
        return send(res, 200, publishing.page());
      }

      if (mode === 'github' && github) {
        if (path === GITHUB_LOGIN_PATH) return startGitHubSignIn(res, github);
        if (path === GITHUB_CALLBACK_PATH) {
          const state = new URLSearchParams(query).get('state');
          if (!stateIsValid(req, state)) {
            log(
              { event: 'editor sign-in refused', reason: state ? 'state mismatch' : 'no state' },
              'editor sign-in refused',
            );
            return send(
              res,
              400,
              editorPage(
                'Sign-in not accepted',
                '<h1>Sign-in not accepted</h1><p>This GitHub sign-in did not start here, was already used, or took ' +
                  `longer than ${OAUTH_STATE_MINUTES} minutes.</p><p><a href="${EDITOR_PATH}">Open the editor and sign in again</a></p>`,
              ),
            );
          }
        }
      }

      await renderWithAstro({ editorLogin: mode === 'local' && sessions !== undefined });
      if (onSaved && req.method === 'POST' && path === SAVE_PATH && res.statusCode === 200) onSaved();
    },
  };
}

export type EditorRoutes = ReturnType<typeof createEditorRoutes>;
