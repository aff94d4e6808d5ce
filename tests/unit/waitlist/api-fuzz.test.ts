import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWaitlist, waitlistFields } from '../../../src/lib/waitlist/schema.ts';
import { createWaitlistHandler } from '../../../src/server/api/waitlist.ts';
import { createRateLimiter } from '../../../src/server/http/rate-limit.ts';
import { openSqliteLeadStore, type LeadStore } from '../../../src/server/leads/store.ts';
import { validSubmission } from './fixtures.ts';

let dir: string;
let store: LeadStore;
let server: Server;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'waitlist-fuzz-'));
  store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'));
  const handler = createWaitlistHandler({
    store,
    rateLimiter: createRateLimiter({ limit: 0, windowMs: 1 }),
    trustProxy: false,
    renderForm: async (_req, res, state, status) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(state.status);
    },
  });
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const oddText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.constantFrom('\u0000', '\u202e', '\ud800', '\u2028', 'x'.repeat(3000), '', '  '),
);

/** A valid submission with one field replaced by something odd, or extra/missing keys. */
const mutated = fc.oneof(
  fc
    .record({ field: fc.constantFrom(...waitlistFields), value: fc.oneof(oddText, fc.jsonValue()) })
    .map(({ field, value }) => validSubmission({ [field]: value })),
  fc.record({ key: fc.string({ minLength: 1, maxLength: 20 }), value: fc.jsonValue() }).map(({ key, value }) => ({
    ...validSubmission(),
    [key]: value,
  })),
  fc.jsonValue(),
);

describe('the handler under generated input', () => {
  it('never answers 5xx; stores only what validates; every JSON error carries a message', async () => {
    await fc.assert(
      fc.asyncProperty(mutated, async (payload) => {
        const before = await store.count();
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(payload),
        });
        expect(response.status).toBeLessThan(500);
        const body = (await response.json()) as { status: string; message?: string };
        const after = await store.count();
        if (response.status === 201) {
          expect(validateWaitlist(payload).ok).toBe(true);
          const website = (payload as { website?: unknown }).website;
          const honeypot = typeof website === 'string' && website.trim() !== '';
          expect(after).toBe(honeypot ? before : before + 1);
        } else {
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(typeof body.message).toBe('string');
          expect(after).toBe(before);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never answers 5xx to raw bytes in either content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        async (bytes, type) => {
          const before = await store.count();
          const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': type }, body: bytes });
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          await response.arrayBuffer();
          expect(await store.count()).toBe(before);
        },
      ),
      { numRuns: 200 },
    );
  });
});
