/**
 * The editor's login in `local` mode (Keystatic's local mode has none of its own): one password
 * (CMS_PASSWORD), compared in constant time; a session is a random token in an HttpOnly, Secure,
 * SameSite=Strict cookie, held in this process's memory (local mode is one server, and a restart
 * asks the team to log in again). Failed logins are limited per client.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { RateLimiterMemory } from 'rate-limiter-flexible';

const SESSION_COOKIE = 'humanwise_editor';
const SESSION_HOURS = 12;
/** Failed logins allowed per client in the window; then the client waits for the window's end. */
export const FAILED_LOGIN_LIMIT = 5;
const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

/** Same length for every input, so the comparison takes the same time whatever was typed. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

export function passwordMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export type LoginResult = { ok: true; cookie: string } | { ok: false; retryAfterSeconds?: number };

export function createEditorSessions(password: string) {
  const sessions = new Map<string, number>();
  const failures = new RateLimiterMemory({ points: FAILED_LOGIN_LIMIT, duration: FAILED_LOGIN_WINDOW_SECONDS });

  function sweep(now: number) {
    for (const [token, expires] of sessions) if (expires <= now) sessions.delete(token);
  }

  return {
    isLoggedIn(req: IncomingMessage): boolean {
      const token = cookieValue(req, SESSION_COOKIE);
      if (!token) return false;
      const expires = sessions.get(token);
      return expires !== undefined && expires > Date.now();
    },

    /** Checks the password for `client`; a client past its failed attempts is refused without a check. */
    async logIn(client: string, given: string): Promise<LoginResult> {
      const state = await failures.get(client);
      if (state && state.consumedPoints >= FAILED_LOGIN_LIMIT) {
        return { ok: false, retryAfterSeconds: Math.ceil(state.msBeforeNext / 1000) };
      }
      if (!passwordMatches(given, password)) {
        await failures.penalty(client, 1);
        return { ok: false };
      }
      await failures.delete(client);
      const now = Date.now();
      sweep(now);
      const token = randomBytes(32).toString('base64url');
      sessions.set(token, now + SESSION_HOURS * 3600 * 1000);
      return {
        ok: true,
        cookie: `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${SESSION_HOURS * 3600}`,
      };
    },

    logOut(req: IncomingMessage): string {
      const token = cookieValue(req, SESSION_COOKIE);
      if (token) sessions.delete(token);
      return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`;
    },
  };
}

export type EditorSessions = ReturnType<typeof createEditorSessions>;

export { cookieValue };
