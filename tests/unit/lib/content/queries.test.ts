/**
 * Entries come back in their `order`; two given the same number (a slip, or a reorder done one save at
 * a time) by file name, the same in every build, where they followed the order Astro loaded them in.
 */
import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ entries: [] as { id: string; data: { order: number } }[] }));

vi.mock('astro:content', async (original) => ({
  ...(await original<object>()),
  getCollection: async () => [...loaded.entries],
}));

const { getOrdered } = await import('../../../../src/lib/content/queries.ts');

const entry = (id: string, order: number) => ({ id, data: { order } });

describe('getOrdered', () => {
  it('sorts by order, and entries with the same order by file name, whatever order they were loaded in', async () => {
    const orders = { stella: 2, cdp: 1, 'ford-av': 2, diabetes: 2 };
    for (const ids of [Object.keys(orders), Object.keys(orders).reverse()]) {
      loaded.entries = ids.map((id) => entry(id, orders[id as keyof typeof orders]));
      expect((await getOrdered('caseStudies')).map(({ id }) => id)).toEqual(['cdp', 'diabetes', 'ford-av', 'stella']);
    }
  });
});
