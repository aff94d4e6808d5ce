import { describe, expect, it } from 'vitest';
import { orderFeedItems } from '../../../../src/lib/pov/order-feed-items.ts';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

describe('orderFeedItems', () => {
  it('returns an empty list for no items', () => {
    expect(orderFeedItems([])).toEqual([]);
  });

  it('returns a single item as it is', () => {
    expect(orderFeedItems(['only'])).toEqual(['only']);
  });

  it('reverses the whole list with exactly 4 items', () => {
    expect(orderFeedItems(range(4))).toEqual([4, 3, 2, 1]);
  });

  it('reverses the whole list with fewer than 4 items', () => {
    expect(orderFeedItems(range(3))).toEqual([3, 2, 1]);
  });

  it('with 5 items puts the last 4 reversed first, then the first one', () => {
    expect(orderFeedItems(range(5))).toEqual([5, 4, 3, 2, 1]);
  });

  it('with 9 items puts the last 4 reversed first, then the rest in original order', () => {
    expect(orderFeedItems(range(9))).toEqual([9, 8, 7, 6, 1, 2, 3, 4, 5]);
  });

  it('keeps the objects themselves and the item count', () => {
    const items = range(7).map((n) => ({ title: `Article ${n}` }));
    const ordered = orderFeedItems(items);
    expect(ordered).toHaveLength(7);
    expect(ordered[0]).toBe(items[6]);
    expect(ordered.map((a) => a.title)).toEqual([
      'Article 7',
      'Article 6',
      'Article 5',
      'Article 4',
      'Article 1',
      'Article 2',
      'Article 3',
    ]);
  });

  it('never mutates its input and returns a new array', () => {
    for (const n of [0, 1, 4, 5, 9]) {
      const input = Object.freeze(range(n));
      const before = [...input];
      const result = orderFeedItems(input);
      expect(input).toEqual(before);
      expect(result).not.toBe(input);
    }
  });
});
