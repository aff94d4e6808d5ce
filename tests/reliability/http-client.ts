/**
 * A small HTTP client over node:http, so a test controls every byte: any method, any header (or
 * none, not even a Content-Type), chunked or fixed-length bodies, and a deadline per request.
 * Failures (reset, refused, timeout) are answers too: `error` says which, and nothing throws.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { DeliveryHealth } from '../../src/server/leads/types.ts';

export interface SendOptions {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  /** Sent with a Content-Length unless `chunked` is set. */
  body?: string | Buffer;
  chunked?: boolean;
  agent?: http.Agent | false;
  /** Whole request deadline. Default 15 s. */
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  /** Set when no complete answer arrived: ECONNRESET, ECONNREFUSED, timeout, ... */
  error?: string;
  /** With `error`: whether the request went over a connection that had already carried one. */
  reusedConnection?: boolean;
}

export function send(base: string, options: SendOptions): Promise<Answer> {
  const started = performance.now();
  const url = new URL(options.path, base);
  const body =
    options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
  const headers: Record<string, string | number> = { ...options.headers };
  if (body && !options.chunked && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
    headers['Content-Length'] = body.length;
  }

  return new Promise<Answer>((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const failed = (error: string, reused = false) =>
      done({ status: 0, headers: {}, body: Buffer.alloc(0), error, reusedConnection: reused });

    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (error) => failed(errorCode(error)));
        res.on('aborted', () => failed('response aborted'));
      },
    );
    const timer = setTimeout(() => {
      failed('timeout');
      req.destroy();
    }, options.timeoutMs ?? 15_000);
    req.on('error', (error) => failed(errorCode(error), req.reusedSocket));
    if (options.chunked) req.setHeader('Transfer-Encoding', 'chunked');
    req.end(body);
  });
}

function errorCode(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message;
}

/** Parses a JSON answer, or null when the body is not JSON. */
export function json(answer: Answer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(answer.body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** What the server's /healthz answers (src/server/main.ts): its status, and its lead deliveries where it has a store. */
export interface HealthAnswer {
  status?: string;
  deliveries?: DeliveryHealth;
}

/** Asks the server at `base` for /healthz; null when the answer is not JSON. */
export async function health(base: string): Promise<HealthAnswer | null> {
  return json(await send(base, { path: '/healthz' })) as HealthAnswer | null;
}

export function isJsonType(answer: Answer): boolean {
  return /^application\/json\b/i.test(String(answer.headers['content-type'] ?? ''));
}
