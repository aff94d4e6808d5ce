/**
 * One Lighthouse run on one URL, reduced to the figures the benchmark reports and the clues a
 * diagnosis needs. Lighthouse's defaults throughout: mobile form factor, simulated throttling
 * (150 ms RTT, 1.6 Mbps, CPU 4x slower), storage cleared before each run.
 */
import { writeFile } from 'node:fs/promises';
import lighthouse, { type Result } from 'lighthouse';

/** The Chromium Lighthouse drives: headless, and nothing of its own on the network during a run. */
export const LIGHTHOUSE_CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** Bytes transferred (as on the wire: compressed, headers included) by resource type. */
export interface Bytes {
  document: number;
  script: number;
  stylesheet: number;
  font: number;
  image: number;
  other: number;
  total: number;
}

export interface RunSummary {
  scores: Scores;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  bytes: Bytes;
  /** What arrived before the load event: the page's first load, without islands hydrated later. */
  firstLoad: { jsBytes: number; totalBytes: number };
  /** Every script the page fetched, and whether it arrived before the load event. */
  scripts: { url: string; bytes: number; beforeLoad: boolean }[];
  lcpElement: string | null;
  /** LCP split into time to first byte, resource load and render delay (simulated). */
  lcpBreakdown: Record<string, number>;
  renderBlocking: { url: string; bytes: number }[];
  unusedJsBytes: number;
  unusedCssBytes: number;
  /** Scored audits short of full marks, by category. */
  misses: { category: string; id: string; title: string; score: number; detail: string }[];
  benchmarkIndex: number;
  warnings: string[];
}

type Item = Record<string, unknown>;

const categoryIds = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
} as const;

function items(lhr: Result, auditId: string): Item[] {
  const details = lhr.audits[auditId]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The first DOM node a details tree mentions (Lighthouse nests them differently per audit). */
function findNode(value: unknown): Item | null {
  if (!value || typeof value !== 'object') return null;
  const item = value as Item;
  if (item['type'] === 'node' && typeof item['selector'] === 'string') return item;
  for (const child of Object.values(item)) {
    const found = findNode(child);
    if (found) return found;
  }
  return null;
}

function bytesByType(lhr: Result): Bytes {
  const size = (type: string) =>
    num(items(lhr, 'resource-summary').find((item) => item['resourceType'] === type)?.['transferSize']);
  return {
    document: size('document'),
    script: size('script'),
    stylesheet: size('stylesheet'),
    font: size('font'),
    image: size('image'),
    other: size('other') + size('media'),
    total: size('total'),
  };
}

/**
 * Requests finished by the load event. Lighthouse reports request times relative to the first
 * request and the load event as a trace timestamp; networkStartTimeTs ties the two together.
 */
function firstLoad(lhr: Result) {
  const requests = lhr.audits['network-requests']?.details as { items?: Item[]; debugData?: Item } | undefined;
  const networkStartTs = num(requests?.debugData?.['networkStartTimeTs']);
  const loadTs = num(items(lhr, 'metrics')[0]?.['observedLoadTs']);
  const loadMs = (loadTs - networkStartTs) / 1000;
  let jsBytes = 0;
  let totalBytes = 0;
  const scripts: RunSummary['scripts'] = [];
  for (const request of requests?.items ?? []) {
    const bytes = num(request['transferSize']);
    const beforeLoad = num(request['networkEndTime']) <= loadMs;
    const isScript = request['resourceType'] === 'Script';
    if (isScript) scripts.push({ url: str(request['url']), bytes, beforeLoad });
    if (!beforeLoad) continue;
    totalBytes += bytes;
    if (isScript) jsBytes += bytes;
  }
  return { firstLoad: { jsBytes, totalBytes }, scripts };
}

function misses(lhr: Result): RunSummary['misses'] {
  return Object.entries(categoryIds).flatMap(([category, id]) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit): audit is Result['audits'][string] => audit !== undefined && audit.score !== null && audit.score < 1,
      )
      .map((audit) => ({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score ?? 0,
        detail: audit.displayValue ?? '',
      })),
  );
}

export function summarize(lhr: Result): RunSummary {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => num(lhr.audits[id]?.numericValue);
  const lcpNode = findNode(lhr.audits['largest-contentful-paint-element']?.details);
  const breakdown = items(lhr, 'lcp-breakdown-insight').flatMap((item) => {
    const rows = (item['items'] as Item[] | undefined) ?? [];
    return rows.map((row) => [str(row['label']), Math.round(num(row['duration']))] as const);
  });
  return {
    scores: {
      performance: score(categoryIds.performance),
      accessibility: score(categoryIds.accessibility),
      bestPractices: score(categoryIds.bestPractices),
      seo: score(categoryIds.seo),
    },
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
    bytes: bytesByType(lhr),
    ...firstLoad(lhr),
    lcpElement: lcpNode ? `${str(lcpNode['selector'])} "${str(lcpNode['nodeLabel']).slice(0, 60)}"` : null,
    lcpBreakdown: Object.fromEntries(breakdown),
    renderBlocking: items(lhr, 'render-blocking-insight').map((item) => ({
      url: str(item['url']),
      bytes: num(item['totalBytes']),
    })),
    unusedJsBytes: items(lhr, 'unused-javascript').reduce((sum, item) => sum + num(item['wastedBytes']), 0),
    unusedCssBytes: items(lhr, 'unused-css-rules').reduce((sum, item) => sum + num(item['wastedBytes']), 0),
    misses: misses(lhr),
    benchmarkIndex: num(lhr.environment.benchmarkIndex),
    warnings: lhr.runWarnings,
  };
}

export interface MeasureOptions {
  port: number;
  /** URL patterns Chromium must not fetch (hosts this offline machine cannot reach). */
  blockedUrlPatterns: string[];
  /** Audits left out of the scores for this page (see `noindexRoutes` in budgets.ts). */
  skipAudits?: string[];
  /** Where to keep Lighthouse's full JSON report, for a closer look; not kept when absent. */
  reportPath?: string;
}

/** Runs Lighthouse once against the already running Chromium on `port`. */
export async function measure(
  url: string,
  { port, blockedUrlPatterns, skipAudits = [], reportPath }: MeasureOptions,
): Promise<RunSummary> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error' },
    {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: Object.values(categoryIds),
        blockedUrlPatterns,
        // Neither counts in any score: the full-page screenshot decorates the HTML report, and the
        // back/forward-cache check navigates away and back. Leaving them out saves about 1.5 s a run.
        skipAudits: ['bf-cache', ...skipAudits],
        disableFullPageScreenshot: true,
      },
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (reportPath) await writeFile(reportPath, JSON.stringify(lhr));
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return summarize(lhr);
}

/**
 * `measure`, tried once more if it fails: a busy machine now and then spoils a trace (NO_NAVSTART,
 * NO_FCP), and one run more is cheaper than a bench run lost. `beforeRetry` is told why first (to
 * say so, or to restart a server that died).
 */
export async function measureWithRetry(
  url: string,
  options: MeasureOptions,
  beforeRetry: (error: Error) => Promise<void> | void = () => {},
): Promise<RunSummary> {
  try {
    return await measure(url, options);
  } catch (error) {
    await beforeRetry(error as Error);
    return measure(url, options);
  }
}
