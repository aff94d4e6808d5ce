/**
 * The waiting-list routes as the production server wires them (src/server/app.ts with the JSON and
 * plain-form responders), around a stand-in for Astro that records what the /waitlist page was given.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { WaitlistFormState } from '../../../../src/lib/waitlist/api.ts';
import { createApp } from '../../../../src/server/app.ts';
import { createMemoryRateLimiter } from '../../../../src/server/waitlist/rate-limiter.ts';
import type { LeadStore } from '../../../../src/server/leads/store.ts';
import { createWaitlistFormHandler } from '../../../../src/server/waitlist/respond-form.ts';
import { createWaitlistApiHandler } from '../../../../src/server/waitlist/respond-json.ts';
import { createWaitlistSubmitter } from '../../../../src/server/waitlist/submit.ts';
import type { SubmissionOutcome } from '../../../../src/server/metrics/operator-metrics.ts';

export interface WaitlistServerOptions {
  store: LeadStore;
  limit?: number;
  /** Visitor confirmations allowed per client network (IPv6 /48) per 10 minutes; unset: no such limit. */
  confirmationLimit?: number;
  trustProxy?: boolean;
  bodyTimeoutMs?: number;
  /** The operator metrics' counter of outcomes (src/server/metrics). */
  countOutcome?: (outcome: SubmissionOutcome) => void;
}

export interface WaitlistServer {
  origin: string;
  /** What the /waitlist page was rendered with, one entry per render. */
  rendered: WaitlistFormState[];
  events: Record<string, unknown>[];
  stop(): Promise<void>;
}

export async function startWaitlistServer(options: WaitlistServerOptions): Promise<WaitlistServer> {
  const rendered: WaitlistFormState[] = [];
  const events: Record<string, unknown>[] = [];
  const deps = {
    submit: createWaitlistSubmitter({
      store: options.store,
      rateLimiter: createMemoryRateLimiter({ limit: options.limit ?? 0, windowMs: 10 * 60 * 1000 }),
      ...(options.confirmationLimit === undefined
        ? {}
        : { confirmations: createMemoryRateLimiter({ limit: options.confirmationLimit, windowMs: 10 * 60 * 1000 }) }),
    }),
    trustProxy: options.trustProxy ?? false,
    ...(options.bodyTimeoutMs ? { bodyTimeoutMs: options.bodyTimeoutMs } : {}),
    log: (event: Record<string, unknown>) => events.push(event),
    ...(options.countOutcome ? { countOutcome: options.countOutcome } : {}),
  };
  const app = createApp({
    assets: new Map(),
    astro: async (req, res, _next, locals = {}) => {
      const state = locals.waitlistForm as WaitlistFormState | undefined;
      if (state) rendered.push(state);
      res.writeHead(state?.status ?? 200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Waiting list</title><p>${req.method} ${req.url}</p>`);
    },
    api: { '/api/waitlist': createWaitlistApiHandler(deps) },
    formPosts: { '/waitlist': createWaitlistFormHandler(deps) },
    health: async () => true,
    security: { scriptHashes: [], hsts: false },
    logger: pino({ level: 'silent' }),
  });
  const server: Server = createServer((req, res) => void app.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    rendered,
    events,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
