/**
 * Entries come back in their `order`; two given the same number (a slip, or a reorder done one save at
 * a time) by file name, the same in every build, where they followed the order Astro loaded them in.
 */
import { describe, expect, it } from 'vitest';
import { inOrder } from '../../../../src/lib/content/queries.ts';

const entry = (id: string, order: number) => ({ id, data: { order } });

describe('inOrder', () => {
  it('sorts by order, and entries with the same order by file name, whatever order they were loaded in', () => {
    const orders = { stella: 2, cdp: 1, 'ford-av': 2, diabetes: 2 };
    for (const ids of [Object.keys(orders), Object.keys(orders).reverse()]) {
      const loaded = ids.map((id) => entry(id, orders[id as keyof typeof orders]));
      expect(inOrder(loaded).map(({ id }) => id)).toEqual(['cdp', 'diabetes', 'ford-av', 'stella']);
    }
  });
});
