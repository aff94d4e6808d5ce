/**
 * From a route's runs to its medians, and from its medians to the budgets it misses.
 */
import type { Budgets } from './budgets.ts';
import type { RunSummary, Scores } from './measure.ts';

/** The figures a run measures that get a median across runs. */
export type Medians = Pick<
  RunSummary,
  'scores' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs' | 'bytes' | 'firstLoad'
>;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median on its own (not the figures of one "median run"). */
export function medians(runs: RunSummary[]): Medians {
  const of = (pick: (run: RunSummary) => number) => median(runs.map(pick));
  return {
    scores: {
      performance: of((run) => run.scores.performance),
      accessibility: of((run) => run.scores.accessibility),
      bestPractices: of((run) => run.scores.bestPractices),
      seo: of((run) => run.scores.seo),
    },
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    speedIndexMs: of((run) => run.speedIndexMs),
    bytes: {
      document: of((run) => run.bytes.document),
      script: of((run) => run.bytes.script),
      stylesheet: of((run) => run.bytes.stylesheet),
      font: of((run) => run.bytes.font),
      image: of((run) => run.bytes.image),
      other: of((run) => run.bytes.other),
      total: of((run) => run.bytes.total),
    },
    firstLoad: { jsBytes: of((run) => run.firstLoad.jsBytes), totalBytes: of((run) => run.firstLoad.totalBytes) },
  };
}

/** The run whose LCP is the median one: its LCP element and breakdown explain the reported LCP. */
export function representativeRun(runs: RunSummary[]): RunSummary {
  const sorted = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Audits short of full marks in any run, with how many runs they missed in. */
export function missedAudits(runs: RunSummary[]) {
  const seen = new Map<string, RunSummary['misses'][number] & { runs: number }>();
  for (const miss of runs.flatMap((run) => run.misses)) {
    const key = `${miss.category}/${miss.id}`;
    const known = seen.get(key);
    if (known) {
      known.runs += 1;
      known.score = Math.min(known.score, miss.score);
    } else seen.set(key, { ...miss, runs: 1 });
  }
  return [...seen.values()];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One sentence per missed budget, naming the figure, its value and the limit. */
export function budgetFailures(m: Medians, lcpToReference: number, budgets: Budgets): string[] {
  const failures: string[] = [];
  const scoreNames: Record<keyof Scores, string> = {
    performance: 'performance',
    accessibility: 'accessibility',
    bestPractices: 'best practices',
    seo: 'SEO',
  };
  for (const key of Object.keys(scoreNames) as (keyof Scores)[]) {
    if (m.scores[key] < budgets.scores[key])
      failures.push(`${scoreNames[key]} score ${m.scores[key]} < ${budgets.scores[key]}`);
  }
  if (m.lcpMs > budgets.lcpMs) failures.push(`LCP ${s(m.lcpMs)} > ${s(budgets.lcpMs)}`);
  if (lcpToReference > budgets.lcpToReference)
    failures.push(`LCP ${lcpToReference.toFixed(2)}x the reference > ${budgets.lcpToReference}x`);
  if (m.fcpMs > budgets.fcpMs) failures.push(`FCP ${s(m.fcpMs)} > ${s(budgets.fcpMs)}`);
  if (m.tbtMs > budgets.tbtMs) failures.push(`TBT ${Math.round(m.tbtMs)} ms > ${budgets.tbtMs} ms`);
  if (m.cls > budgets.cls) failures.push(`CLS ${m.cls.toFixed(3)} > ${budgets.cls}`);
  if (m.firstLoad.jsBytes > budgets.firstLoadJsBytes)
    failures.push(`first-load JS ${kb(m.firstLoad.jsBytes)} > ${kb(budgets.firstLoadJsBytes)}`);
  if (m.firstLoad.totalBytes > budgets.firstLoadBytes)
    failures.push(`first-load transfer ${kb(m.firstLoad.totalBytes)} > ${kb(budgets.firstLoadBytes)}`);
  return failures;
}

/**
 * The budget of a tap read against its floor: `absoluteMs`, or `ratio` times the floor measured in
 * the same run where that is larger (a slower machine).
 */
export function budgetOverFloor(absoluteMs: number, ratio: number, floorMs: number): number {
  return Math.max(absoluteMs, Math.round(ratio * floorMs));
}
