import { describe, expect, it } from 'vitest';
import type { Result } from 'lighthouse';
import { budgets } from '../../../bench/budgets.ts';
import { budgetFailures, budgetOverFloor, median, medians, representativeRun } from '../../../bench/evaluate.ts';
import { summarize, type RunSummary } from '../../../bench/measure.ts';

/** The parts of a Lighthouse result the benchmark reads; the rest is left out. */
function lhr({ lcp = 800, loadAfterMs = 300, performance = 1 } = {}): Result {
  const audit = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    title: id,
    score: 1,
    scoreDisplayMode: 'numeric',
    ...extra,
  });
  const networkStartTs = 1_000_000_000;
  return {
    categories: {
      performance: { score: performance, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }] },
      accessibility: { score: 1, auditRefs: [] },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: 1, auditRefs: [] },
    },
    audits: {
      'first-contentful-paint': audit('first-contentful-paint', { numericValue: 700 }),
      'largest-contentful-paint': audit('largest-contentful-paint', {
        numericValue: lcp,
        score: performance,
        displayValue: `${lcp} ms`,
      }),
      'total-blocking-time': audit('total-blocking-time', { numericValue: 10 }),
      'cumulative-layout-shift': audit('cumulative-layout-shift', { numericValue: 0 }),
      'speed-index': audit('speed-index', { numericValue: 900 }),
      'resource-summary': audit('resource-summary', {
        details: {
          items: [
            { resourceType: 'total', transferSize: 30_000 },
            { resourceType: 'document', transferSize: 12_000 },
            { resourceType: 'script', transferSize: 18_000 },
          ],
        },
      }),
      'network-requests': audit('network-requests', {
        details: {
          debugData: { networkStartTimeTs: networkStartTs },
          items: [
            { url: 'http://site/', resourceType: 'Document', transferSize: 12_000, networkEndTime: 40 },
            { url: 'http://site/_astro/header.js', resourceType: 'Script', transferSize: 1_700, networkEndTime: 120 },
            {
              url: 'http://site/_astro/island.js',
              resourceType: 'Script',
              transferSize: 16_300,
              networkEndTime: loadAfterMs + 200,
            },
          ],
        },
      }),
      metrics: audit('metrics', { details: { items: [{ observedLoadTs: networkStartTs + loadAfterMs * 1000 }] } }),
    },
    environment: { benchmarkIndex: 1500 },
    runWarnings: [],
  } as unknown as Result;
}

describe('summarize', () => {
  it('counts only what arrived before the load event as the first load', () => {
    const run = summarize(lhr());
    expect(run.firstLoad).toEqual({ jsBytes: 1_700, totalBytes: 13_700 });
    expect(run.scripts.map((script) => script.beforeLoad)).toEqual([true, false]);
    expect(run.bytes.script).toBe(18_000);
    expect(run.scores.performance).toBe(100);
  });

  it('lists the scored audits short of full marks', () => {
    const run = summarize(lhr({ performance: 0.9 }));
    expect(run.scores.performance).toBe(90);
    expect(run.misses).toEqual([
      expect.objectContaining({ category: 'performance', id: 'largest-contentful-paint', score: 0.9 }),
    ]);
  });
});

describe('medians and budgets', () => {
  const runs: RunSummary[] = [
    summarize(lhr({ lcp: 800 })),
    summarize(lhr({ lcp: 1_400 })),
    summarize(lhr({ lcp: 900 })),
  ];

  it('takes each figure’s median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(medians(runs).lcpMs).toBe(900);
    expect(representativeRun(runs).lcpMs).toBe(900);
  });

  it('passes a page within every budget', () => {
    expect(budgetFailures(medians(runs), 1.2, budgets)).toEqual([]);
  });

  it('names each missed budget with the figure and the limit', () => {
    const slow = medians([summarize(lhr({ lcp: 1_200, performance: 0.97 }))]);
    expect(budgetFailures(slow, 1.8, budgets)).toEqual([
      'performance score 97 < 100',
      'LCP 1.20 s > 1.00 s',
      'LCP 1.80x the reference > 1.5x',
    ]);
    const heavy = {
      ...slow,
      scores: { ...slow.scores, performance: 100 },
      lcpMs: 500,
      firstLoad: { jsBytes: 6 * 1024, totalBytes: 121 * 1024 },
    };
    expect(budgetFailures(heavy, 1, budgets)).toEqual([
      'first-load JS 6.0 KB > 5.0 KB',
      'first-load transfer 121.0 KB > 120.0 KB',
    ]);
  });

  it('reads a tap against its floor only where the floor leaves the absolute budget out of reach', () => {
    // A fast machine: 1.6 x 40 ms is 64 ms, so the absolute 100 ms is the budget.
    expect(budgetOverFloor(100, 1.6, 40)).toBe(100);
    // A slow one, where a bare dialog already takes 80 ms: 128 ms.
    expect(budgetOverFloor(100, 1.6, 80)).toBe(128);
    // Tap to the next page where the bare prerendered page takes 208 ms: 239 ms.
    expect(budgetOverFloor(100, 1.15, 208)).toBe(239);
  });
});
