/**
 * The outbox and privacy behaviour every LeadStore must have: deliveries recorded with the lead,
 * claimed under a lease, retried, given up, re-queued and back-filled; leads found and deleted by
 * address, corrected in place and purged by age. Time is a hand-moved clock, never a sleep.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { goalOptions } from '../../../../src/lib/waitlist/schema.ts';
import { lead, storeSession, testClock, type StoreHarness } from './store-contract.ts';

export const EXPECTED_DELIVERY_COLUMNS = [
  'id',
  'lead_id',
  'channel',
  'status',
  'attempts',
  'created_at',
  'next_attempt_at',
  'first_attempt_at',
  'lease_token',
  'last_error',
  'sent_at',
  'recipient_key',
].toSorted();

const HOUR = 60 * 60 * 1000;

export function outboxContract(
  label: string,
  createHarness: () => Promise<StoreHarness & { deliveryColumns(): Promise<string[]> }>,
): void {
  describe(`Outbox and privacy contract: ${label}`, () => {
    const session = storeSession(createHarness);
    const { open } = session;

    it('records one pending delivery per configured channel with the lead, and none without channels', async () => {
      const clock = testClock();
      const plain = await open({ now: clock.now });
      await plain.save(lead(), randomUUID());
      expect(await plain.listDeliveries()).toEqual([]);
      await plain.close();

      const store = await open({ now: clock.now, channels: ['team-email', 'webhook'] });
      const key = randomUUID();
      const { id } = await store.save(lead({ email: 'Ada@Example.org' }), key);
      await store.save(lead({ email: 'Ada@Example.org' }), key); // a retry queues nothing new
      const deliveries = await store.listDeliveries();
      expect(deliveries.map((d) => [d.leadId, d.channel, d.status, d.attempts])).toEqual(
        expect.arrayContaining([
          [id, 'team-email', 'pending', 0],
          [id, 'webhook', 'pending', 0],
        ]),
      );
      expect(deliveries).toHaveLength(2);
      expect(new Set(deliveries.map((d) => d.id)).size).toBe(2);
      // The outbox holds references, not a copy of the lead.
      expect((await session.harness.deliveryColumns()).toSorted()).toEqual(EXPECTED_DELIVERY_COLUMNS);
      expect(JSON.stringify(deliveries)).not.toMatch(/Ada@Example\.org/i);
    });

    it('leases a claimed delivery: nobody else gets it until the lease runs out, then with the same id', async () => {
      const clock = testClock();
      const store = await open({ now: clock.now, channels: ['webhook'] });
      await store.save(lead(), randomUUID());
      const [first, ...none] = await store.claimDeliveries(10, 60_000);
      expect(none).toEqual([]);
      expect(first?.attempts).toBe(1);
      expect(await store.claimDeliveries(10, 60_000)).toEqual([]);
      clock.advance(59_000);
      expect(await store.claimDeliveries(10, 60_000)).toEqual([]);
      clock.advance(1_000);
      const [again] = await store.claimDeliveries(10, 60_000);
      expect(again?.id).toBe(first?.id);
      expect(again?.attempts).toBe(2);
      expect(again?.firstAttemptAt).toBe(first?.firstAttemptAt);
      // The first sender's late failure report no longer counts: the lease is someone else's.
      await store.failDelivery(first?.id ?? '', first?.leaseToken ?? '', 'HTTP 500', null);
      expect((await store.deliveryHealth()).dead).toBe(0);
      await store.completeDelivery(again?.id ?? '');
      expect(await store.listDeliveries()).toEqual([]);
      clock.advance(10 * HOUR);
      expect(await store.claimDeliveries(10, 60_000)).toEqual([]);
    });

    it('retries a failure when it is due, gives up when told, reports and re-queues the dead', async () => {
      const clock = testClock();
      const store = await open({ now: clock.now, channels: ['team-email'] });
      await store.save(lead(), randomUUID());
      clock.advance(5_000);
      expect(await store.deliveryHealth()).toEqual({ pending: 1, dead: 0, oldestPendingSeconds: 5 });
      const [claimed] = await store.claimDeliveries(1, 60_000);
      await store.failDelivery(
        claimed?.id ?? '',
        claimed?.leaseToken ?? '',
        'SMTP ECONNECTION',
        new Date(clock.now().getTime() + 30_000),
      );
      const [listed] = await store.listDeliveries();
      expect(listed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP ECONNECTION' });
      expect(listed?.nextAttemptAt).toBe(new Date(clock.now().getTime() + 30_000).toISOString());
      clock.advance(29_000);
      expect(await store.claimDeliveries(1, 60_000)).toEqual([]);
      clock.advance(1_000);
      const [second] = await store.claimDeliveries(1, 60_000);
      expect(second?.attempts).toBe(2);
      await store.failDelivery(second?.id ?? '', second?.leaseToken ?? '', 'SMTP ETIMEDOUT', null);
      expect(await store.deliveryHealth()).toEqual({ pending: 0, dead: 1, oldestPendingSeconds: null });
      expect((await store.listDeliveries())[0]).toMatchObject({ status: 'dead', nextAttemptAt: null });
      expect(await store.claimDeliveries(1, 60_000)).toEqual([]);
      expect(await store.retryDead()).toBe(1);
      const [revived] = await store.claimDeliveries(1, 60_000);
      expect(revived).toMatchObject({ id: second?.id, attempts: 1, firstAttemptAt: clock.now().toISOString() });
    });

    it('queues at most one visitor confirmation per address (any case) per 24 hours', async () => {
      const clock = testClock();
      const store = await open({ now: clock.now, channels: ['visitor-email'] });
      await store.save(lead({ email: 'sam@example.org' }), randomUUID());
      clock.advance(HOUR);
      await store.save(lead({ email: 'SAM@example.org' }), randomUUID());
      await store.save(lead({ email: 'other@example.org' }), randomUUID());
      expect((await store.listDeliveries()).filter((d) => d.channel === 'visitor-email')).toHaveLength(2);
      clock.advance(23 * HOUR);
      await store.save(lead({ email: 'Sam@example.org' }), randomUUID());
      expect(await store.listDeliveries()).toHaveLength(3);
    });

    it('records a refusal as final: out of the queue and the open list, and never dead', async () => {
      const store = await open({ channels: ['visitor-email'] });
      await store.save(lead({ email: 'nobody@example.org' }), randomUUID());
      const [claimed] = await store.claimDeliveries(1, 60_000);
      await store.refuseDelivery(claimed?.id ?? '', claimed?.leaseToken ?? '', 'SMTP EENVELOPE 550');
      expect(await store.listDeliveries()).toEqual([]);
      expect(await store.deliveryHealth()).toEqual({ pending: 0, dead: 0, oldestPendingSeconds: null });
      expect(await store.claimDeliveries(1, 0)).toEqual([]);
      expect(await store.retryDead()).toBe(0);
    });

    it('counts a confirmation by its canonical address: +tags, case, a final dot and IDN spellings are one', async () => {
      const clock = testClock();
      const store = await open({ now: clock.now, channels: ['visitor-email'] });
      const outcomes = [];
      for (const email of [
        'target@bücher.example',
        'target+1@BÜCHER.example',
        'TARGET+3@xn--bcher-kva.example',
        'Target+x@Bücher.Example.',
      ]) {
        outcomes.push((await store.save(lead({ email }), randomUUID())).confirmation);
      }
      expect(outcomes).toEqual(['queued', 'recent', 'recent', 'recent']);
      expect((await store.listDeliveries()).filter((d) => d.channel === 'visitor-email')).toHaveLength(1);
    });

    it('queues at most `confirmationsPerHour` confirmations site-wide; every lead still reaches the team', async () => {
      const clock = testClock();
      const store = await open({ now: clock.now, channels: ['team-email', 'visitor-email'], confirmationsPerHour: 3 });
      const outcomes = [];
      for (let i = 0; i < 5; i += 1) {
        outcomes.push((await store.save(lead({ email: `visitor${i}@example.org` }), randomUUID())).confirmation);
        clock.advance(60_000);
      }
      expect(outcomes).toEqual(['queued', 'queued', 'queued', 'capped', 'capped']);
      const deliveries = await store.listDeliveries();
      expect(deliveries.filter((d) => d.channel === 'team-email')).toHaveLength(5);
      expect(deliveries.filter((d) => d.channel === 'visitor-email')).toHaveLength(3);
      // An hour after the first, there is room again.
      clock.advance(HOUR - 4 * 60_000);
      expect((await store.save(lead({ email: 'late@example.org' }), randomUUID())).confirmation).toBe('queued');
    });

    it('queues no confirmation when the caller declines it, and the team channels as always', async () => {
      const store = await open({ channels: ['team-email', 'visitor-email'] });
      const saved = await store.save(lead({ email: 'ada@example.org' }), randomUUID(), { confirm: false });
      expect(saved.confirmation).toBe('declined');
      expect((await store.listDeliveries()).map((d) => d.channel)).toEqual(['team-email']);
    });

    it('back-fills leads stored before a channel was configured, once, optionally since a date', async () => {
      const clock = testClock('2026-01-10T12:00:00.000Z');
      const store = await open({ now: clock.now });
      const old = await store.save(lead({ name: 'Old' }), randomUUID());
      clock.set('2026-02-10T12:00:00.000Z');
      const recent = await store.save(lead({ name: 'Recent' }), randomUUID());
      expect(await store.backfill(['webhook'], new Date('2026-02-01T00:00:00.000Z'))).toBe(1);
      expect((await store.listDeliveries()).map((d) => d.leadId)).toEqual([recent.id]);
      expect(await store.backfill(['webhook', 'team-email'])).toBe(3);
      expect(await store.backfill(['webhook', 'team-email'])).toBe(0);
      const byLead = (await store.listDeliveries()).filter((d) => d.leadId === old.id).map((d) => d.channel);
      expect(byLead.toSorted()).toEqual(['team-email', 'webhook']);
    });

    it('finds and deletes a person by address, ignoring case, with every delivery of their leads', async () => {
      const store = await open({ channels: ['team-email', 'webhook'] });
      await store.save(lead({ name: 'Kim One', email: 'kim.lee@example.org' }), randomUUID());
      await store.save(lead({ name: 'Kim Two', email: 'Kim.Lee@EXAMPLE.org' }), randomUUID());
      const keep = await store.save(lead({ name: 'Someone else', email: 'kimlee@example.org' }), randomUUID());
      expect((await store.findByEmail('KIM.LEE@example.ORG')).map((l) => l.name)).toEqual(['Kim One', 'Kim Two']);
      expect(await store.findByEmail('nobody@example.org')).toEqual([]);
      expect(await store.deleteByEmail('kim.lee@example.org')).toEqual({ leads: 2, deliveries: 4 });
      expect(await store.findByEmail('kim.lee@example.org')).toEqual([]);
      expect((await store.list()).map((l) => l.id)).toEqual([keep.id]);
      expect((await store.listDeliveries()).every((d) => d.leadId === keep.id)).toBe(true);
      expect(await store.listDeliveries()).toHaveLength(2);
      expect(await store.deleteByEmail('kim.lee@example.org')).toEqual({ leads: 0, deliveries: 0 });
    });

    it('purges leads submitted before the cut-off, with their deliveries, and nothing newer', async () => {
      const clock = testClock('2024-01-01T00:00:00.000Z');
      const store = await open({ now: clock.now, channels: ['webhook'] });
      await store.save(lead({ name: 'Expired' }), randomUUID());
      clock.set('2024-06-01T00:00:00.000Z');
      await store.save(lead({ name: 'Kept' }), randomUUID());
      expect(await store.purge(new Date('2024-01-01T00:00:00.000Z'))).toEqual({ leads: 0, deliveries: 0 });
      expect(await store.purge(new Date('2024-03-01T00:00:00.000Z'))).toEqual({ leads: 1, deliveries: 1 });
      expect((await store.list()).map((l) => l.name)).toEqual(['Kept']);
      expect(await store.listDeliveries()).toHaveLength(1);
    });

    it('corrects a lead in place: same id, submission date, program, key and deliveries', async () => {
      const clock = testClock('2024-01-01T00:00:00.000Z');
      const store = await open({ now: clock.now, channels: ['team-email', 'webhook'] });
      const key = randomUUID();
      const original = lead({ name: 'Mistyped Nmae', additionalInfo: 'Old notes', earlyAccess: true });
      const { id } = await store.save(original, key);
      clock.set('2025-06-01T00:00:00.000Z');
      const other = await store.save(lead({ name: 'Someone else' }), randomUUID());
      const otherBefore = await store.get(other.id);
      const deliveriesBefore = await store.listDeliveries();
      clock.advance(1000);

      const { sourceProgram: _program, ...answers } = original;
      const corrected = {
        ...answers,
        name: 'Mistyped Name',
        email: 'right@example.org',
        goal: [goalOptions[5]],
        additionalInfo: undefined,
        earlyAccess: false,
      };
      const expected = { ...corrected, id, createdAt: '2024-01-01T00:00:00.000Z', sourceProgram: 'ripple-effect' };
      expect(await store.correct(id, corrected)).toEqual(expected);
      const stored = await store.get(id);
      expect(stored).toEqual(expected);
      // An optional answer taken away is absent, as if it had never been given.
      expect(stored && 'additionalInfo' in stored).toBe(false);
      expect(await store.get(other.id)).toEqual(otherBefore);
      expect((await store.list()).map((l) => l.id)).toEqual([id, other.id]);
      // Its deliveries are the same rows, still due: they will be built from the corrected lead.
      expect(await store.listDeliveries()).toEqual(deliveriesBefore);
      // The key still names this lead; the original answers no longer match it.
      expect(await store.save(original, key)).toEqual({ id, created: false, sameLead: false });
      // Retention still counts from the day it was submitted, not from the correction.
      expect(await store.purge(new Date('2024-01-01T00:00:01.000Z'))).toEqual({ leads: 1, deliveries: 2 });
      expect((await store.list()).map((l) => l.id)).toEqual([other.id]);
    });

    it('corrects nothing for an unknown id, and nothing at all when the correction fails', async () => {
      const store = await open({ channels: ['webhook'] });
      const { id } = await store.save(lead({ name: 'Kept As Is' }), randomUUID());
      const before = await store.list();
      const { sourceProgram: _program, ...answers } = lead({ name: 'Never Stored' });
      expect(await store.correct(randomUUID(), answers)).toBeUndefined();
      // A value the table refuses (no name) after one it accepts (a new address): neither is written.
      const refused = { ...answers, email: 'changed@example.org', name: undefined } as unknown as typeof answers;
      await expect(store.correct(id, refused)).rejects.toThrow();
      expect(await store.list()).toEqual(before);
      expect(await store.findByEmail('changed@example.org')).toEqual([]);
    });

    it('never hands one delivery to two claimers at once', async () => {
      const store = await open({ channels: ['team-email', 'webhook'] });
      const other = await open({ channels: ['team-email', 'webhook'] });
      for (let i = 0; i < 20; i += 1) await store.save(lead(), randomUUID());
      const seen: string[] = [];
      for (let round = 0; round < 10; round += 1) {
        const claims = await Promise.all([store, other, store, other].map((s) => s.claimDeliveries(3, 60_000)));
        for (const list of claims) seen.push(...list.map((d) => d.id));
      }
      expect(seen).toHaveLength(40);
      expect(new Set(seen).size).toBe(40);
    });
  });
}
