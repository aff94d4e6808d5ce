import { describe, expect, it } from 'vitest';
import { rankSumP, roundOrder, spread, verdict } from '../../../bench/ab-stats.ts';

// Two first-tap A/Bs of 29 November 2026 (docs/history/performance.md, "Two more cuts for the first
// tap"): the program page as built against its hero art as an image, then the wizard with and
// without its shadow. The expected p values are SciPy's
// `mannwhitneyu(a, b, use_continuity=True, alternative='two-sided', method='asymptotic')`.
const heroAsBuilt = [
  112, 89, 120, 123, 155, 136, 176, 131, 89, 112, 171, 90, 105, 111, 151, 103, 98, 72, 137, 96, 123, 99,
];
const heroAsImage = [
  124, 117, 123, 160, 147, 122, 125, 149, 114, 157, 124, 139, 87, 94, 111, 165, 164, 113, 103, 102, 149, 126,
];
const withShadow = [
  134, 123, 134, 114, 95, 140, 87, 96, 110, 91, 123, 164, 117, 148, 97, 101, 86, 110, 181, 92, 123, 91, 121, 83, 100,
];
const withoutShadow = [
  112, 110, 162, 111, 133, 100, 92, 117, 145, 108, 93, 112, 167, 85, 138, 112, 159, 113, 95, 77, 105, 114, 88, 96, 102,
];

describe('rankSumP', () => {
  it('gives the textbook two-sided p, ties included', () => {
    expect(rankSumP(heroAsBuilt, heroAsImage)).toBeCloseTo(0.148718, 5);
    expect(rankSumP(withShadow, withoutShadow)).toBeCloseTo(0.95356, 4);
    expect(rankSumP([1, 2, 2, 3, 3, 3, 4], [2, 3, 3, 4, 4, 5, 5, 6])).toBeCloseTo(0.049884, 5);
  });

  it('is small when every run of one build is faster than every run of the other', () => {
    const fast = [10, 11, 12, 13, 14, 15, 16, 17];
    const slow = [20, 21, 22, 23, 24, 25, 26, 27];
    expect(rankSumP(fast, slow)).toBeCloseTo(0.000939, 5);
    expect(rankSumP(slow, fast)).toBeCloseTo(rankSumP(fast, slow), 10);
  });

  it('is 1 when the two builds measured the same value every time', () => {
    expect(rankSumP([50, 50, 50], [50, 50])).toBe(1);
  });

  it('refuses a side without runs', () => {
    expect(() => rankSumP([], [1, 2])).toThrow(/runs on both sides/);
  });
});

describe('verdict', () => {
  it('says when the runs cannot tell the builds apart', () => {
    expect(verdict(withShadow, withoutShadow)).toBe(
      'no difference these runs can show (B - A +1 ms at the median, rank-sum p = 0.954)',
    );
  });

  it('names the faster build when they can', () => {
    expect(verdict([20, 21, 22, 23, 24, 25, 26, 27], [10, 11, 12, 13, 14, 15, 16, 17])).toBe(
      'B faster by 10 ms at the median; the runs tell the builds apart (rank-sum p < 0.001)',
    );
  });
});

describe('spread and roundOrder', () => {
  it('summarises a build’s runs', () => {
    expect(spread([130, 90, 110])).toEqual({ medianMs: 110, minMs: 90, maxMs: 130, runs: 3 });
  });

  it('alternates which build goes first', () => {
    expect([0, 1, 2, 3].map(roundOrder)).toEqual([
      ['A', 'B'],
      ['B', 'A'],
      ['A', 'B'],
      ['B', 'A'],
    ]);
  });
});
