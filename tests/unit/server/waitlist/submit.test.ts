/**
 * The submitter's onStored hook: the server wakes the delivery worker with it, so it must fire
 * once for every lead newly stored and never for anything that stored nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteLeadStore, type LeadStore } from '../../../../src/server/leads/store.ts';
import type { WaitlistCandidate } from '../../../../src/server/waitlist/decode.ts';
import { createMemoryRateLimiter } from '../../../../src/server/waitlist/rate-limiter.ts';
import { createWaitlistSubmitter, describeStoreError } from '../../../../src/server/waitlist/submit.ts';
import { validSubmission } from '../../../support/lead-fixture.ts';

const candidate = (overrides: Partial<WaitlistCandidate> = {}): WaitlistCandidate => ({
  fields: validSubmission(),
  program: 'ripple-effect',
  honeypot: false,
  idempotencyKey: randomUUID(),
  entered: {} as WaitlistCandidate['entered'],
  ...overrides,
});

describe('createWaitlistSubmitter onStored', () => {
  let store: LeadStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  function submitter(limit = 0) {
    store = openSqliteLeadStore(':memory:');
    const stored: string[] = [];
    const submit = createWaitlistSubmitter({
      store,
      rateLimiter: createMemoryRateLimiter({ limit, windowMs: 60_000 }),
      onStored: (id) => stored.push(id),
    });
    return { submit, stored };
  }

  it('is called once with the id of each lead newly stored, after the store has it', async () => {
    const { submit, stored } = submitter();
    const first = await submit(candidate(), 'client-a');
    const second = await submit(candidate({ fields: validSubmission({ email: 'ola@example.org' }) }), 'client-a');
    expect([first.kind, second.kind]).toEqual(['stored', 'stored']);
    const ids = [first, second].map((outcome) => ('id' in outcome ? outcome.id : ''));
    expect(stored).toEqual(ids);
    expect((await store?.get(ids[0] ?? ''))?.email).toBe('dana.whitfield@example.com');
  });

  it('is not called when nothing new was stored', async () => {
    const { submit, stored } = submitter(1);
    const key = randomUUID();
    expect((await submit(candidate({ idempotencyKey: key }), 'client-a')).kind).toBe('stored');
    stored.length = 0;
    const outcomes = [
      await submit(candidate({ idempotencyKey: key }), 'client-b'),
      await submit(candidate({ idempotencyKey: key, fields: validSubmission({ name: 'Ola' }) }), 'client-c'),
      await submit(candidate({ honeypot: true }), 'client-d'),
      await submit(candidate({ fields: validSubmission({ email: 'not an address' }) }), 'client-e'),
      await submit(candidate(), 'client-a'),
    ];
    expect(outcomes.map((outcome) => outcome.kind)).toEqual([
      'duplicate',
      'key_conflict',
      'honeypot',
      'invalid',
      'rate_limited',
    ]);
    expect(stored).toEqual([]);
    expect(await store?.count()).toBe(1);
  });
});

describe('describeStoreError: what the log says of a store that failed', () => {
  it('names an error by its code alone, never by a message that may quote what the visitor sent', () => {
    const refused = Object.assign(new Error('invalid input syntax for type uuid: "dana@example.com"'), {
      code: '22P02',
    });
    expect(describeStoreError(refused)).toBe('22P02');
    const sqlite = Object.assign(new Error('UNIQUE constraint failed: leads.email'), {
      code: 'ERR_SQLITE_ERROR',
      errstr: 'constraint failed',
    });
    expect(describeStoreError(sqlite)).toBe('ERR_SQLITE_ERROR (constraint failed)');
  });

  it("gives the message of an error without a code: the pool's, the store's own", () => {
    expect(describeStoreError(new Error('timeout exceeded when trying to connect'))).toBe(
      'timeout exceeded when trying to connect',
    );
    expect(describeStoreError('not an error')).toBe('unknown');
    expect(describeStoreError(null)).toBe('unknown');
  });
});
