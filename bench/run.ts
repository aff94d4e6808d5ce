/**
 * `npm run bench`: the Lighthouse benchmark of every public route of the built production site.
 *
 * Builds the site, starts the production server (with a fresh SQLite store and a local stand-in
 * for the blog's feed), then runs Lighthouse in one Chromium, route after route, in rounds: each
 * round measures the reference page and then every route once, so a burst of load on this shared
 * machine touches one run of many pages rather than every run of one page. Prints the medians as a
 * table, writes them to bench/results/, and exits 1 when a budget in bench/budgets.ts is missed.
 *
 * Options (for a quick look while fixing a page; a full run needs none): `USAGE` below, printed
 * by `npm run bench -- --help`.
 *
 * After Lighthouse, the in-page timings, under the same mobile throttling: the first tap on "Join the
 * Waiting List" of a program page (bench/tap.ts, against budgets.firstTapMs), the taps inside a page
 * of bench/interactions.ts (against budgets.interactionMs) and tap to the next page's largest paint
 * for the link pairs of bench/navigate.ts (against budgets.tapToNextPaintMs), each the median of
 * `--tap-runs` runs (budgets.ts, TAP_RUNS), then the first tap on a page just shown from a prerender
 * (a Results filter, against budgets.interactionMs). Each is also read against a floor measured in
 * the same run (a native dialog on a bare page for the taps, a bare prerendered page for the link
 * pairs): on a machine slow enough that the floor takes most of the budget, a multiple of the floor
 * is the budget (budgets.interactionToReference, budgets.tapToNextPaintToReference).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { commandArgs, refuseArgs } from '../src/server/commands/command-args.ts';
import { budgets, MIN_TAP_RUNS, noindexRoutes, TAP_RUNS } from './budgets.ts';
import {
  budgetFailures,
  budgetOverFloor,
  median,
  medians,
  missedAudits,
  representativeRun,
  type Medians,
} from './evaluate.ts';
import { LIGHTHOUSE_CHROME_FLAGS, measureWithRetry, type RunSummary } from './measure.ts';
import { chromiumPath } from '../tests/support/chromium.ts';
import { startAnalyticsService, startBuildServers, startFixtures } from './sites.ts';
import { markdownTable, textTable, type Row } from './report.ts';
import { measureFirstTap, TAP_ROUTE, TAP_THROTTLING, type TapRun } from './tap.ts';
import { IDLE_BEFORE_TAP_MS, INTERACTIONS, measureInteractions, referenceInteraction } from './interactions.ts';
import {
  ARRIVAL_PAIR,
  measureNavigation,
  measureTapAfterArrival,
  NAVIGATION_PAIRS,
  READ_BEFORE_TAP_MS,
  referenceNavigationPair,
  SHOWN_BEFORE_TAP_MS,
} from './navigate.ts';
import { phoneThrottlingLabel } from './phone.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = join(root, 'bench', 'results');

/** What `npm run bench -- --help` prints, and an option it cannot read. */
const USAGE = `npm run bench -- [options]

  --skip-build      measure the build already in dist/
  --runs N          runs per page (default 3)
  --route /path     measure only this route (repeatable)
  --reports         also keep Lighthouse's full JSON report of every run in bench/results/reports/
  --tap-only        only the in-page timings (taps, tap to next page), no Lighthouse
  --tap-runs N      runs of each in-page timing (default ${TAP_RUNS}, at least ${MIN_TAP_RUNS})
  --analytics       build and serve the site with visitor analytics on (Plausible's API, answered
                    by the tests' stand-in service), as a firm that counts visits runs it; not
                    with --skip-build, since the build names the stand-in's port`;

const parsedOptions = commandArgs(
  {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    route: { type: 'string', multiple: true },
    reports: { type: 'boolean', default: false },
    'tap-only': { type: 'boolean', default: false },
    'tap-runs': { type: 'string', default: String(TAP_RUNS) },
    analytics: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  USAGE,
);
if (typeof parsedOptions === 'number') process.exit(parsedOptions);
const options = parsedOptions;
const refuseOption = (message: string): never => process.exit(refuseArgs(message, USAGE));
if (options.analytics && options['skip-build'])
  refuseOption("--analytics builds the site with its stand-in service's port in its settings: drop --skip-build");
const runsPerPage = Number.parseInt(options.runs, 10);
if (!Number.isInteger(runsPerPage) || runsPerPage < 1)
  refuseOption(`--runs must be a whole number of 1 or more, got "${options.runs}"`);
const tapRuns = Number.parseInt(options['tap-runs'], 10);
if (!Number.isInteger(tapRuns) || tapRuns < MIN_TAP_RUNS)
  refuseOption(`--tap-runs must be a whole number of ${MIN_TAP_RUNS} or more, got "${options['tap-runs']}"`);

interface Target {
  label: string;
  url: string;
  runs: RunSummary[];
  errors: string[];
}

const started = Date.now();
const servers: { stop: () => Promise<void> }[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
let tempDir: string | undefined;

async function cleanUp() {
  chrome?.kill();
  await Promise.all(servers.map((server) => server.stop()));
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

/** Hosts the fixture feed links to (thumbnails on the blog's CDN): unreachable offline, so blocked. */
async function feedHosts(): Promise<string[]> {
  const feed = await readFile(join(root, 'tests', 'fixtures', 'feeds', 'medium.xml'), 'utf8');
  const hosts = new Set([...feed.matchAll(/https:\/\/([a-z0-9.-]+)\//gi)].map(([, host]) => host!.toLowerCase()));
  return [...hosts].map((host) => `*://${host}/*`);
}

async function machine(chromePort: number) {
  const version = (await fetch(`http://127.0.0.1:${chromePort}/json/version`).then((r) => r.json())) as {
    Browser?: string;
  };
  const debian = await readFile('/etc/debian_version', 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
  const require = createRequire(import.meta.url);
  const lighthouseVersion = (
    JSON.parse(await readFile(require.resolve('lighthouse/package.json'), 'utf8')) as { version: string }
  ).version;
  return {
    cores: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: debian ? `Debian ${debian}` : `${os.type()} ${os.release()}`,
    kernel: os.release(),
    chromium: version.Browser ?? 'unknown',
    lighthouse: lighthouseVersion,
    node: process.version,
  };
}

async function main(): Promise<number> {
  if (options.analytics) {
    // Started before the build, which names its port. The build and the production server read the
    // same settings (the server refuses a build made with others); both inherit this environment.
    const analytics = await startAnalyticsService(root);
    servers.push(analytics.server);
    Object.assign(process.env, analytics.settings);
    console.log(`Visitor analytics on: Plausible's API answered at ${analytics.settings.PUBLIC_ANALYTICS_ORIGIN}.`);
  }
  if (!options['skip-build']) {
    console.log('Building the site (npm run build)…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  // Read after the build: every page in dist/ (plus the on-demand ones) is a route to measure.
  const { publicRoutes } = await import('../tests/support/routes.ts');
  const routes = options.route?.length ? options.route : publicRoutes();

  const storeDir = await mkdtemp(join(os.tmpdir(), 'humanwise-bench-'));
  tempDir = storeDir;
  const { server: fixtures, port: fixturePort } = await startFixtures(root);
  servers.push(fixtures);
  const {
    site,
    url: siteUrl,
    noFeedUrl,
  } = await startBuildServers('production server', {
    root,
    fixturePort,
    storeDir,
    withoutFeed: true,
    onStarted: (server) => servers.push(server),
  });

  /**
   * Taps inside a page (menu drawer, Programs menu, Results filter, every wizard step, POV retry),
   * each `tapRuns` times, with the floor they are read against (a native dialog on a bare page).
   */
  const timeInteractions = async () => {
    const loadAtStart = os.loadavg()[0]!;
    const reference = referenceInteraction(`http://127.0.0.1:${fixturePort}`);
    const measured = await measureInteractions(siteUrl, {
      chromiumPath,
      runs: tapRuns,
      interactions: [reference, ...INTERACTIONS],
      noFeedUrl,
    });
    const [floor, ...interactions] = [...measured].map(([interaction, runs]) => ({
      label: interaction.label,
      route: interaction.route,
      runs,
      medianMs: median(runs),
    }));
    const budgetMs = budgetOverFloor(budgets.interactionMs, budgets.interactionToReference, floor!.medianMs);
    console.log(
      `\nTaps inside a page (${phoneThrottlingLabel}, idle ${IDLE_BEFORE_TAP_MS} ms; budget ${budgetMs} ms: ${budgets.interactionMs} ms, or ${budgets.interactionToReference}x the floor where that is more):`,
    );
    for (const { label, runs, medianMs } of [floor!, ...interactions])
      console.log(
        `  ${label.padEnd(32)} median ${String(medianMs).padStart(4)} ms of ${runs.join(', ')}${label === reference.label ? ', the floor on this machine' : ` (${(medianMs / floor!.medianMs).toFixed(2)}x)`}`,
      );
    console.log(`  load average ${loadAtStart.toFixed(1)} -> ${os.loadavg()[0]!.toFixed(1)}`);
    const failures = interactions
      .filter((interaction) => interaction.medianMs > budgetMs)
      .map((interaction) => `${interaction.label}: ${interaction.medianMs} ms > ${budgetMs} ms`);
    return { floor: floor!, budgetMs, interactions, failures };
  };
  /** The first tap on Join (no Lighthouse: it never taps), read against the same floor as the other taps. */
  const timeFirstTap = async (floorMs: number) => {
    const loadAtStart = os.loadavg()[0]!;
    const budgetMs = budgetOverFloor(budgets.firstTapMs, budgets.interactionToReference, floorMs);
    const runs: TapRun[] = await measureFirstTap(siteUrl, { chromiumPath, runs: tapRuns });
    const medianMs = median(runs.map((run) => run.tapToDialogMs));
    const failures = medianMs > budgetMs ? [`first tap on Join: ${medianMs} ms > ${budgetMs} ms`] : [];
    console.log(
      `\nFirst tap on "Join the Waiting List" (${TAP_ROUTE}, ${TAP_THROTTLING.rttMs} ms RTT, ${TAP_THROTTLING.downloadKbps / 1024} Mbps, ${TAP_THROTTLING.cpuSlowdown}x CPU, idle ${TAP_THROTTLING.idleBeforeTapMs} ms): median ${medianMs} ms of ${runs.map((run) => run.tapToDialogMs).join(', ')} (form waiting in ${runs.filter((run) => run.formWaiting).length}/${runs.length}; budget ${budgetMs} ms; load average ${loadAtStart.toFixed(1)} -> ${os.loadavg()[0]!.toFixed(1)})`,
    );
    return { route: TAP_ROUTE, throttling: TAP_THROTTLING, runs, medianMs, budgetMs, failures };
  };
  /**
   * Tap to the next page's largest paint, each link pair `tapRuns` times, with the reference pair
   * among them; then the first tap on a page just shown, against the taps' budget.
   */
  const timeNavigation = async (tapBudgetMs: number) => {
    const loadAtStart = os.loadavg()[0]!;
    const reference = referenceNavigationPair(`http://127.0.0.1:${fixturePort}`);
    const measured = await measureNavigation(siteUrl, {
      chromiumPath,
      runs: tapRuns,
      pairs: [reference, ...NAVIGATION_PAIRS],
    });
    const [floor, ...pairs] = [...measured].map(([pair, runs]) => ({
      ...pair,
      runs,
      medianMs: median(runs.map((run) => run.tapToNextPaintMs)),
    }));
    const budgetMs = budgetOverFloor(budgets.tapToNextPaintMs, budgets.tapToNextPaintToReference, floor!.medianMs);
    console.log(
      `\nTap to the next page's largest paint (${phoneThrottlingLabel}, first page read ${READ_BEFORE_TAP_MS} ms; budget ${budgetMs} ms: ${budgets.tapToNextPaintMs} ms, or ${budgets.tapToNextPaintToReference}x the floor where that is more):`,
    );
    for (const pair of [floor!, ...pairs]) {
      const prerendered = pair.runs.filter((run) => run.prerendered).length;
      // Where the time went: the tap and the swap, then the shown page's first frame.
      const shown = pair.runs.filter((run) => run.tapToActivationMs !== undefined);
      const split = shown.length
        ? `; tap to activation ${median(shown.map((run) => run.tapToActivationMs!))}, then to the paint ${median(shown.map((run) => run.tapToNextPaintMs - run.tapToActivationMs!))}`
        : '';
      console.log(
        `  ${pair.label.padEnd(28)} median ${String(pair.medianMs).padStart(4)} ms of ${pair.runs.map((run) => run.tapToNextPaintMs).join(', ')} (prerendered ${prerendered}/${pair.runs.length}${split})${pair.label === reference.label ? ', the floor on this machine' : `, ${(pair.medianMs / floor!.medianMs).toFixed(2)}x`}`,
      );
    }
    const arrivalRuns = await measureTapAfterArrival(siteUrl, { chromiumPath, runs: tapRuns });
    const arrivalTap = { runs: arrivalRuns, medianMs: median(arrivalRuns.map((run) => run.tapMs)) };
    console.log(
      `  then a Results filter, ${SHOWN_BEFORE_TAP_MS} ms after Results is shown (${ARRIVAL_PAIR.label}): median ${arrivalTap.medianMs} ms of ${arrivalRuns.map((run) => `${run.tapMs}${run.prerendered ? '' : ' (not prerendered)'}`).join(', ')}, tapped ${arrivalRuns.map((run) => run.shownForMs).join(', ')} ms after shown (budget ${tapBudgetMs} ms, as every tap)`,
    );
    console.log(`  load average ${loadAtStart.toFixed(1)} -> ${os.loadavg()[0]!.toFixed(1)}`);
    const failures = [
      ...pairs
        .filter((pair) => pair.medianMs > budgetMs)
        .map((pair) => `tap to next page, ${pair.label}: ${pair.medianMs} ms > ${budgetMs} ms`),
      ...(arrivalTap.medianMs > tapBudgetMs
        ? [`first tap on a page just shown: ${arrivalTap.medianMs} ms > ${tapBudgetMs} ms`]
        : []),
    ];
    return { readBeforeTapMs: READ_BEFORE_TAP_MS, reference: floor!, budgetMs, pairs, arrivalTap, failures };
  };
  if (options['tap-only']) {
    const interactions = await timeInteractions();
    const failures = [
      ...interactions.failures,
      ...(await timeFirstTap(interactions.floor.medianMs)).failures,
      ...(await timeNavigation(interactions.budgetMs)).failures,
    ];
    for (const failure of failures) console.log(`  missed: ${failure}`);
    return failures.length ? 1 : 0;
  }

  // A route that does not answer 200 has nothing to measure: it is reported, and fails the run.
  const targets: Target[] = [];
  const unreachable = new Map<string, string>();
  for (const route of routes) {
    const status = await fetch(siteUrl + route, { redirect: 'manual' }).then(
      (r) => r.status,
      (e: Error) => e.message,
    );
    if (status === 200) targets.push({ label: route, url: siteUrl + route, runs: [], errors: [] });
    else unreachable.set(route, `answers HTTP ${status}`);
  }
  const reference: Target = {
    label: 'reference page',
    url: `http://127.0.0.1:${fixturePort}/reference`,
    runs: [],
    errors: [],
  };

  chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: LIGHTHOUSE_CHROME_FLAGS });
  const chromePort = chrome.port;
  const env = await machine(chromePort);
  const blockedUrlPatterns = await feedHosts();
  const reportsDir = join(resultsDir, 'reports');
  if (options.reports) await mkdir(reportsDir, { recursive: true });
  const loadBefore = os.loadavg()[0]!;
  console.log(
    `\n${targets.length} routes + the reference page, ${runsPerPage} runs each, ${env.chromium}, Lighthouse ${env.lighthouse} (mobile, simulated throttling)\n`,
  );

  for (let round = 1; round <= runsPerPage; round++) {
    for (const target of [reference, ...targets]) {
      const runStarted = Date.now();
      const measureOptions = {
        port: chromePort,
        blockedUrlPatterns,
        skipAudits: noindexRoutes.includes(target.label) ? ['is-crawlable'] : [],
        ...(options.reports && {
          reportPath: join(reportsDir, `${target.label.replace(/[^a-z0-9]+/gi, '_')}-${round}.json`),
        }),
      };
      try {
        await fixtures.ensure();
        await site.ensure();
        const run = await measureWithRetry(target.url, measureOptions, async (error) => {
          console.log(`[${round}/${runsPerPage}] ${target.label}: ${error.message}; trying again`);
          await fixtures.ensure();
          await site.ensure();
        });
        target.runs.push(run);
        console.log(
          `[${round}/${runsPerPage}] ${target.label.padEnd(40)} perf ${String(run.scores.performance).padStart(3)}  LCP ${(run.lcpMs / 1000).toFixed(2)} s  TBT ${String(Math.round(run.tbtMs)).padStart(4)} ms  CPU index ${Math.round(run.benchmarkIndex)}  (${((Date.now() - runStarted) / 1000).toFixed(1)} s)`,
        );
      } catch (error) {
        target.errors.push((error as Error).message);
        console.log(`[${round}/${runsPerPage}] ${target.label}: ${(error as Error).message}`);
      }
    }
  }

  const interactions = await timeInteractions();
  const firstTap = await timeFirstTap(interactions.floor.medianMs);
  const navigation = await timeNavigation(interactions.budgetMs);

  const referenceMedians = reference.runs.length ? medians(reference.runs) : null;
  const rows: (Row & { route: string; failures: string[]; target?: Target })[] = [];
  for (const route of routes) {
    const target = targets.find((t) => t.label === route);
    if (!target?.runs.length) {
      const error = unreachable.get(route) ?? `Lighthouse failed: ${target?.errors[0] ?? 'no run'}`;
      rows.push({
        route,
        label: route,
        medians: null,
        lcpToReference: null,
        error,
        failures: [`no figures: ${error}`],
      });
      continue;
    }
    const m: Medians = medians(target.runs);
    const ratio = referenceMedians ? m.lcpMs / referenceMedians.lcpMs : null;
    const failures = budgetFailures(m, ratio ?? 0, budgets);
    if (target.runs.length < runsPerPage)
      failures.push(`only ${target.runs.length} of ${runsPerPage} runs succeeded: ${target.errors[0]}`);
    rows.push({ route, label: route, medians: m, lcpToReference: ratio, failures, target });
  }
  const referenceRow: Row = referenceMedians
    ? { label: 'reference page', medians: referenceMedians, lcpToReference: 1 }
    : { label: 'reference page', medians: null, lcpToReference: null, error: reference.errors[0] ?? 'not measured' };
  const generalFailures = [
    ...(referenceMedians ? [] : ['the reference page could not be measured, so no LCP ratio was checked']),
    ...firstTap.failures,
    ...interactions.failures,
    ...navigation.failures,
  ];

  const benchmarkIndexes = [...reference.runs, ...targets.flatMap((t) => t.runs)].map((run) => run.benchmarkIndex);
  const load = { before: loadBefore, after: os.loadavg()[0]! };
  const failing = rows.filter((row) => row.failures.length);
  const passed = failing.length === 0 && generalFailures.length === 0;
  const durationS = Math.round((Date.now() - started) / 1000);

  console.log(`\n${textTable(referenceRow, rows, budgets)}\n`);
  console.log(
    'Medians of',
    runsPerPage,
    'runs. xRef: LCP as a multiple of the reference page\'s. "@load": transferred before the load event.',
  );
  console.log(
    `CPU benchmark index (Lighthouse) median ${Math.round(median(benchmarkIndexes))}, range ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}; load average ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after, on ${env.cores} cores.`,
  );
  if (site.restarts.length || fixtures.restarts.length)
    console.log(
      `Warning: servers were stopped from outside and started again (site: ${site.restarts.join(', ') || 'never'}; fixtures: ${fixtures.restarts.join(', ') || 'never'}).`,
    );
  if (load.before > env.cores || load.after > env.cores)
    console.log(
      'Warning: the machine was busy with other work; timings (TBT above all) are inflated. Run again when it is quiet.',
    );

  const report = {
    date: new Date().toISOString(),
    durationS,
    machine: env,
    settings: {
      runsPerPage,
      formFactor: 'mobile',
      throttling: 'simulate (Lighthouse defaults)',
      blockedUrlPatterns,
      analytics: options.analytics,
    },
    load,
    serverRestarts: { site: site.restarts, fixtures: fixtures.restarts },
    benchmarkIndex: {
      median: median(benchmarkIndexes),
      min: Math.min(...benchmarkIndexes),
      max: Math.max(...benchmarkIndexes),
    },
    budgets,
    passed,
    generalFailures,
    reference: { url: reference.url, medians: referenceMedians, runs: reference.runs, errors: reference.errors },
    firstTap,
    interactions,
    navigation,
    routes: rows.map(({ route, medians: m, lcpToReference, failures, error, target }) => {
      const typical = target?.runs.length ? representativeRun(target.runs) : null;
      return {
        route,
        medians: m,
        lcpToReference,
        failures,
        error,
        diagnosis: typical && {
          missedAudits: missedAudits(target!.runs),
          lcpElement: typical.lcpElement,
          lcpBreakdown: typical.lcpBreakdown,
          renderBlocking: typical.renderBlocking,
          unusedJsBytes: typical.unusedJsBytes,
          unusedCssBytes: typical.unusedCssBytes,
          scripts: typical.scripts,
        },
        runs: target?.runs ?? [],
        errors: target?.errors ?? [],
      };
    }),
  };
  await mkdir(resultsDir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  const json = `${JSON.stringify(report, null, 2)}\n`;
  await writeFile(join(resultsDir, `${stamp}.json`), json);
  await writeFile(join(resultsDir, 'latest.json'), json);
  await writeFile(
    join(resultsDir, 'latest.md'),
    `Measured ${report.date.slice(0, 10)} on ${env.cores} cores, ${env.memoryGiB} GiB, ${env.os}, ${env.chromium}, Lighthouse ${env.lighthouse}; medians of ${runsPerPage} runs${options.analytics ? '; visitor analytics on' : ''}.\n\n${markdownTable(referenceRow, rows, budgets)}\n`,
  );
  console.log(`First tap on Join: median ${firstTap.medianMs} ms (budget ${firstTap.budgetMs} ms).`);
  console.log(`Results: bench/results/${stamp}.json (also latest.json, latest.md). ${durationS} s in all.\n`);

  if (passed) {
    console.log('Every route is within every budget.');
    return 0;
  }
  console.log(`Budgets missed on ${failing.length} of ${rows.length} routes:`);
  for (const message of generalFailures) console.log(`  ${message}`);
  for (const row of failing) {
    console.log(`  ${row.route}: ${row.failures.join('; ')}`);
    const typical = row.target?.runs.length ? representativeRun(row.target.runs) : null;
    if (!typical) continue;
    if (typical.lcpElement)
      console.log(`      LCP element: ${typical.lcpElement} ${JSON.stringify(typical.lcpBreakdown)}`);
    for (const miss of missedAudits(row.target!.runs))
      console.log(
        `      ${miss.category}: ${miss.id} (${miss.title}) ${miss.detail} [${miss.runs}/${row.target!.runs.length} runs]`,
      );
    const early = typical.scripts.filter((script) => script.beforeLoad);
    if (early.length)
      console.log(
        `      scripts before load: ${early.map((x) => `${new URL(x.url).pathname} ${(x.bytes / 1024).toFixed(1)} KB`).join(', ')}`,
      );
  }
  return 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`Benchmark failed: ${(error as Error).stack ?? error}`);
  exitCode = 2;
} finally {
  await cleanUp();
  if (options.analytics)
    console.log('dist/ holds the build with analytics on: `npm run build` (or `npm start`) makes the usual one.');
}
process.exit(exitCode);
