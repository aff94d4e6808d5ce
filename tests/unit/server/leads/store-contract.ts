/**
 * The behaviour every LeadStore must have, written once and run against each implementation.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frustrationOptions, goalOptions } from '../../../../src/lib/waitlist/schema.ts';
import type { LeadInput, LeadStore, LeadStoreOptions } from '../../../../src/server/leads/store.ts';
import { LEAD_COLUMNS } from '../../../../src/server/leads/rows.ts';
import { validValues } from '../../../support/lead-fixture.ts';

export interface StoreHarness {
  /** Opens (and migrates) a store on this test's own, initially empty, location. */
  open(options?: LeadStoreOptions): Promise<LeadStore>;
  /** Versions recorded in schema_migrations, read directly. */
  appliedVersions(): Promise<number[]>;
  /** Column names of the leads table, read directly. */
  columns(): Promise<string[]>;
  dispose(): Promise<void>;
}

/** The insert list every store writes (rows.ts) is exactly the migrated table's columns. */
export const EXPECTED_COLUMNS = [...LEAD_COLUMNS].toSorted();

/** A clock the test moves by hand, so timestamps differ without sleeping. */
export function testClock(start = '2026-03-01T09:00:00.000Z') {
  let current = Date.parse(start);
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(iso: string) {
      current = Date.parse(iso);
    },
  };
}

export function lead(overrides: Partial<LeadInput> = {}): LeadInput {
  return { ...validValues(), sourceProgram: 'ripple-effect', ...overrides };
}

/**
 * A fresh harness for each test of the enclosing describe, and `open` for stores on it; every store
 * opened is closed, and the harness disposed, after the test.
 */
export function storeSession<H extends StoreHarness>(createHarness: () => Promise<H>) {
  const opened: LeadStore[] = [];
  const session = {
    harness: undefined as unknown as H,
    async open(options?: LeadStoreOptions): Promise<LeadStore> {
      const store = await session.harness.open(options);
      opened.push(store);
      return store;
    },
  };
  beforeEach(async () => {
    session.harness = await createHarness();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await session.harness.dispose();
  });
  return session;
}

export function leadStoreContract(label: string, createHarness: () => Promise<StoreHarness>): void {
  describe(`LeadStore contract: ${label}`, () => {
    const session = storeSession(createHarness);
    const { open } = session;

    it('starts empty', async () => {
      const store = await open();
      expect(await store.count()).toBe(0);
      expect(await store.list()).toEqual([]);
    });

    it('stamps a lead with its clock', async () => {
      const clock = testClock('2026-05-04T03:02:01.123Z');
      const store = await open({ now: clock.now });
      const { id } = await store.save(lead(), randomUUID());
      expect((await store.get(id))?.createdAt).toBe('2026-05-04T03:02:01.123Z');
      expect(await store.get(randomUUID())).toBeUndefined();
    });

    it('saves a lead and lists it back with every field', async () => {
      const store = await open();
      const before = Date.now();
      const input = lead();
      const result = await store.save(input, randomUUID());
      expect(result.created).toBe(true);
      expect(result.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const [stored, ...rest] = await store.list();
      expect(rest).toEqual([]);
      expect(stored).toEqual({ ...input, id: result.id, createdAt: expect.any(String) });
      const created = Date.parse(stored?.createdAt ?? '');
      expect(stored?.createdAt).toBe(new Date(created).toISOString());
      expect(created).toBeGreaterThanOrEqual(before - 1000);
      expect(created).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await store.count()).toBe(1);
    });

    it('keeps optional fields absent, a missing program as null, and text exactly as given', async () => {
      const store = await open();
      const input: LeadInput = {
        name: 'Zoë "Z" O\'Brien, PhD',
        email: 'zoe@example.org',
        companyName: 'Ødegård & Søn; Partners',
        role: 'Other',
        goal: [...goalOptions],
        frustrations: [frustrationOptions[7]],
        investment: '$25,000+',
        sourceProgram: null,
      };
      const { id } = await store.save(input, randomUUID());
      const [stored] = await store.list();
      expect(stored).toEqual({ ...input, id, createdAt: expect.any(String) });
      expect(stored && 'roleOther' in stored).toBe(false);
      expect(stored && 'earlyAccess' in stored).toBe(false);
      await store.save(lead({ earlyAccess: false, additionalInfo: 'Line one\nLine two 🌱' }), randomUUID());
      const second = (await store.list())[1];
      expect(second?.earlyAccess).toBe(false);
      expect(second?.additionalInfo).toBe('Line one\nLine two 🌱');
    });

    it('lists oldest first', async () => {
      const clock = testClock();
      const store = await open({ now: clock.now });
      const ids: string[] = [];
      for (const name of ['First', 'Second', 'Third']) {
        ids.push((await store.save(lead({ name }), randomUUID())).id);
        clock.advance(1);
      }
      const listed = await store.list();
      expect(listed.map((l) => l.id)).toEqual(ids);
      expect(listed.map((l) => l.name)).toEqual(['First', 'Second', 'Third']);
      expect(await store.count()).toBe(3);
    });

    it('stores a repeated idempotency key once and answers with the same id', async () => {
      const store = await open();
      const key = randomUUID();
      const first = await store.save(lead({ name: 'Original' }), key);
      expect(await store.save(lead({ name: 'Original' }), key)).toEqual({
        id: first.id,
        created: false,
        sameLead: true,
      });
      expect(await store.count()).toBe(1);
    });

    it('tells a different lead under a known key apart, and keeps the first one', async () => {
      const store = await open();
      const key = randomUUID();
      const first = await store.save(lead({ name: 'Original' }), key);
      const again = await store.save(lead({ name: 'Retried' }), key);
      expect(again).toEqual({ id: first.id, created: false, sameLead: false });
      expect(await store.save(lead({ name: 'Original', sourceProgram: null }), key)).toMatchObject({ sameLead: false });
      expect(await store.save(lead({ name: 'Original', additionalInfo: 'More' }), key)).toMatchObject({
        sameLead: false,
      });
      expect(await store.count()).toBe(1);
      expect((await store.list())[0]?.name).toBe('Original');
    });

    it('stores one lead for 50 concurrent saves with the same key', async () => {
      const store = await open();
      const key = randomUUID();
      const results = await Promise.all(Array.from({ length: 50 }, () => store.save(lead(), key)));
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await store.count()).toBe(1);
    });

    it('stores every lead for 50 concurrent saves with distinct keys', async () => {
      const store = await open();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store.save(lead({ name: `Lead ${i}` }), randomUUID())),
      );
      expect(new Set(results.map((r) => r.id)).size).toBe(50);
      expect(results.every((r) => r.created)).toBe(true);
      expect(await store.count()).toBe(50);
    });

    it('runs migrations once, however often and however concurrently it is opened', async () => {
      const first = await open();
      await first.save(lead(), randomUUID());
      const [second, third] = await Promise.all([open(), open()]);
      expect(await second?.count()).toBe(1);
      expect(await third?.count()).toBe(1);
      await first.close();
      const fourth = await open();
      expect(await fourth.count()).toBe(1);
      expect(await session.harness.appliedVersions()).toEqual([1, 2, 3]);
    });

    it('creates a fresh store concurrently from several openers', async () => {
      const stores = await Promise.all([open(), open(), open()]);
      for (const store of stores) expect(await store.count()).toBe(0);
      expect(await session.harness.appliedVersions()).toEqual([1, 2, 3]);
    });

    it('keeps only the columns it should: no IP address, no user agent', async () => {
      await open();
      expect((await session.harness.columns()).toSorted()).toEqual(EXPECTED_COLUMNS);
    });

    it('filters by a since date', async () => {
      const clock = testClock();
      const store = await open({ now: clock.now });
      await store.save(lead({ name: 'Earlier' }), randomUUID());
      clock.advance(20);
      const cut = clock.now();
      clock.advance(20);
      await store.save(lead({ name: 'Later' }), randomUUID());
      expect((await store.list({ since: cut })).map((l) => l.name)).toEqual(['Later']);
      expect((await store.list({ since: new Date(0) })).map((l) => l.name)).toEqual(['Earlier', 'Later']);
      expect(await store.list({ since: new Date(clock.now().getTime() + 60_000) })).toEqual([]);
      expect(await store.list({})).toHaveLength(2);
    });

    it('passes its integrity check and answers pings; refuses once closed', async () => {
      const store = await open();
      await store.save(lead(), randomUUID());
      expect(await store.checkIntegrity()).toBe(true);
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
      await expect(store.ping()).rejects.toThrow();
      await expect(store.save(lead(), randomUUID())).rejects.toThrow();
      await store.close(); // closing twice is harmless
    });

    it('is durable: a saved lead is there after closing and reopening', async () => {
      const store = await open();
      const key = randomUUID();
      const { id } = await store.save(lead({ name: 'Durable' }), key);
      await store.close();
      const reopened = await open();
      const listed = await reopened.list();
      expect(listed.map((l) => [l.id, l.name])).toEqual([[id, 'Durable']]);
      expect(await reopened.save(lead({ name: 'Durable' }), key)).toEqual({ id, created: false, sameLead: true });
      expect(await reopened.checkIntegrity()).toBe(true);
    });
  });
}
