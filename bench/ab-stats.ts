/**
 * How `npm run bench:ab` reads two builds' runs of one timing: each build's median and range, and
 * whether the difference between them is more than this machine's spread.
 *
 * On the 2-core machine the bench runs on, one build's median of 7 moved by 10-50% from one run to
 * the next (docs/history/performance.md, "Seven runs a figure"), and changes of 10-20 ms were chased
 * that no later run could see. So every comparison prints a rank-sum test's p alongside the
 * medians. The test is written out here (30 lines) rather than taken from a statistics package:
 * the ones on npm are either a whole numerics library or unkept, and this is the textbook formula.
 */

import { median } from './evaluate.ts';

export interface Spread {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
}

export function spread(values: readonly number[]): Spread {
  return { medianMs: median([...values]), minMs: Math.min(...values), maxMs: Math.max(...values), runs: values.length };
}

/**
 * The order of the two builds in round `round`: A first in even rounds, B first in odd ones, so that
 * a build is never always the one measured right after a browser start or a burst of other work.
 */
export function roundOrder(round: number): readonly ['A', 'B'] | readonly ['B', 'A'] {
  return round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
}

/** The standard normal distribution's upper tail, P(Z > z) for z ≥ 0 (Abramowitz and Stegun 26.2.17, error < 7.5e-8). */
function normalUpperTail(z: number): number {
  const t = 1 / (1 + 0.2316419 * z);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
}

/**
 * Two-sided p of the Wilcoxon rank-sum (Mann-Whitney U) test that `a` and `b` come from one
 * distribution: the normal approximation with the tie correction and a continuity correction,
 * good from about 8 runs a side. No assumption that the timings are normal (they are not: a tap
 * behind a burst of other work is one long outlier).
 */
export function rankSumP(a: readonly number[], b: readonly number[]): number {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) throw new Error('a rank-sum test needs runs on both sides');
  const all = [...a.map((value) => ({ value, fromA: true })), ...b.map((value) => ({ value, fromA: false }))].sort(
    (x, y) => x.value - y.value,
  );
  const n = all.length;
  let rankSumA = 0;
  let tieTerm = 0;
  for (let start = 0; start < n; ) {
    let end = start;
    while (end + 1 < n && all[end + 1]!.value === all[start]!.value) end += 1;
    const tied = end - start + 1;
    const meanRank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k += 1) if (all[k]!.fromA) rankSumA += meanRank;
    tieTerm += tied ** 3 - tied;
    start = end + 1;
  }
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const meanU = (n1 * n2) / 2;
  const varianceU = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (varianceU === 0) return 1; // every run the same value: nothing tells the two apart
  const z = Math.max(0, Math.abs(u - meanU) - 0.5) / Math.sqrt(varianceU);
  return Math.min(1, 2 * normalUpperTail(z));
}

/** The verdict printed under a comparison. */
export function verdict(a: readonly number[], b: readonly number[], alpha = 0.05): string {
  const p = rankSumP(a, b);
  const shown = p < 0.001 ? '< 0.001' : `= ${p.toFixed(3)}`;
  // To a tenth: a traced click (`--click`) is read in tenths of a millisecond.
  const difference = Math.round((median([...b]) - median([...a])) * 10) / 10;
  const direction = difference < 0 ? 'B faster' : 'B slower';
  return p < alpha
    ? `${direction} by ${Math.abs(difference)} ms at the median; the runs tell the builds apart (rank-sum p ${shown})`
    : `no difference these runs can show (B - A ${difference >= 0 ? '+' : ''}${difference} ms at the median, rank-sum p ${shown})`;
}
