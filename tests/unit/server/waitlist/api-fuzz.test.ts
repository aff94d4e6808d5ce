import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWaitlist, waitlistFields } from '../../../../src/lib/waitlist/schema.ts';
import { openSqliteLeadStore, type LeadStore } from '../../../../src/server/leads/store.ts';
import { validSubmission } from '../../../support/lead-fixture.ts';
import { startWaitlistServer, type WaitlistServer } from './harness.ts';

let dir: string;
let store: LeadStore;
let server: WaitlistServer;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'waitlist-fuzz-'));
  store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'));
  server = await startWaitlistServer({ store });
  url = `${server.origin}/api/waitlist`;
});

afterAll(async () => {
  await server.stop();
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

  it('never answers 5xx to raw bytes in either content type, on either path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        fc.constantFrom('/api/waitlist', '/waitlist'),
        async (bytes, type, target) => {
          const before = await store.count();
          const response = await fetch(`${server.origin}${target}`, {
            method: 'POST',
            headers: { 'Content-Type': type },
            body: bytes,
          });
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
