/**
 * `npm run bench:ab`: one or more of the bench's timings on two builds side by side, interleaved,
 * so that a change of 10-30 ms can be told from this machine's spread.
 *
 *   npm run bench:ab -- --base <git ref> [--timing <words>]...   (`--help`: every option, `USAGE` below)
 *
 * A is the commit `--base` names, checked out into a temporary git worktree and built there; B is
 * this checkout as it stands, uncommitted changes included (built first unless `--skip-build`).
 * Each build gets its own production server; every round measures each chosen timing once on each,
 * the order of A and B alternating round by round (`roundOrder`), so load from other work falls on
 * both alike. It prints each build's median and range and a rank-sum test of the two (bench/ab-stats.ts),
 * and writes them to bench/results/ab-<date>.json.
 *
 * `--timing` picks by words of the label, case-insensitive ("join", "drawer", "next (step 1)",
 * "case study"; `--list` prints them all); the first tap on Join when none is given. `--tbt /route`
 * adds Lighthouse's Total Blocking Time of that route, as `npm run bench` measures it. `--click`
 * traces each tap inside a page (the first tap on Join and bench/interactions.ts') and compares the
 * duration of its click's dispatch instead of its time (bench/click-dispatch.ts): a change of 5-10
 * ms in the page's handlers that the taps' spread hides.
 * Why it exists: docs/PERFORMANCE.md ("What still misses") and docs/history/performance.md.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { commandArgs, refuseArgs } from '../src/server/commands/command-args.ts';
import { chromiumPath } from '../tests/support/chromium.ts';
import { roundOrder, spread, verdict } from './ab-stats.ts';
import { INTERACTIONS, measureInteractions } from './interactions.ts';
import { LIGHTHOUSE_CHROME_FLAGS, measureWithRetry } from './measure.ts';
import { measureNavigation, measureTapAfterArrival, NAVIGATION_PAIRS } from './navigate.ts';
import { startBuildServers, startFixtures, type Supervised } from './sites.ts';
import { measureFirstTap, measureFirstTapClick } from './tap.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What one round measures on one build's servers. */
interface Build {
  describe: string;
  url: string;
  noFeedUrl?: string | undefined;
}

interface Timing {
  label: string;
  /** Needs the build's server whose feed never answers (the POV page's "Try again"). */
  withoutFeed?: boolean;
  once: (build: Build) => Promise<number>;
  /** One tap's click dispatch, traced (`--click`); only the taps inside a page have it. */
  click?: (build: Build) => Promise<number>;
}

const one = { chromiumPath, runs: 1 };

/** Every in-page timing of `npm run bench`, one run at a time. */
const TIMINGS: readonly Timing[] = [
  {
    label: 'the first tap on Join',
    once: async ({ url }) => (await measureFirstTap(url, one))[0]!.tapToDialogMs,
    click: async ({ url }) => (await measureFirstTapClick(url, one))[0]!,
  },
  ...INTERACTIONS.map(
    (interaction): Timing => ({
      label: interaction.label,
      withoutFeed: interaction.withoutFeed === true,
      once: async ({ url, noFeedUrl }) =>
        (await measureInteractions(url, { ...one, interactions: [interaction], noFeedUrl })).get(interaction)!.at(0)!,
      click: async ({ url, noFeedUrl }) =>
        (await measureInteractions(url, { ...one, interactions: [interaction], noFeedUrl, measure: 'click' }))
          .get(interaction)!
          .at(0)!,
    }),
  ),
  ...NAVIGATION_PAIRS.map(
    (pair): Timing => ({
      label: `tap to next page, ${pair.label}`,
      once: async ({ url }) =>
        (await measureNavigation(url, { ...one, pairs: [pair] })).get(pair)!.at(0)!.tapToNextPaintMs,
    }),
  ),
  {
    label: 'a Results filter 300 ms after Results is shown',
    once: async ({ url }) => (await measureTapAfterArrival(url, one))[0]!.tapMs,
  },
];

/** What `npm run bench:ab -- --help` prints, and an option it cannot read. */
const USAGE = `npm run bench:ab -- --base <git ref> [--timing <words>]... [--tbt <route>]... [--runs N] [--skip-build] [--click]
npm run bench:ab -- --list

  --base REF        the commit to compare this checkout with (A; this checkout is B)
  --timing WORDS    the timings whose label holds these words (repeatable; --list prints them);
                    the first tap on Join when neither --timing nor --tbt is given
  --tbt /route      Lighthouse's Total Blocking Time of this route (repeatable)
  --runs N          runs a side, 8 or more (default 15)
  --skip-build      measure B as built in dist/
  --click           the taps' click dispatch, traced, instead of their time`;

const parsedOptions = commandArgs(
  {
    base: { type: 'string' },
    timing: { type: 'string', multiple: true },
    tbt: { type: 'string', multiple: true },
    runs: { type: 'string', default: '15' },
    'skip-build': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    click: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  USAGE,
);
if (typeof parsedOptions === 'number') process.exit(parsedOptions);
const options = parsedOptions;

if (options.list) {
  for (const timing of TIMINGS) console.log(timing.label);
  console.log('TBT of a route: --tbt /route');
  process.exit(0);
}

/** The timings the words pick; an unknown word is an error listing what there is. */
function pickTimings(words: readonly string[] | undefined): Timing[] {
  if (!words?.length) return [TIMINGS[0]!];
  return words.flatMap((word) => {
    const matches = TIMINGS.filter((timing) => timing.label.toLowerCase().includes(word.toLowerCase()));
    if (!matches.length)
      throw new Error(
        `--timing "${word}" matches no timing; there are:\n  ${TIMINGS.map((t) => t.label).join('\n  ')}`,
      );
    return matches;
  });
}

let chrome: chromeLauncher.LaunchedChrome | undefined;

/** Lighthouse's Total Blocking Time of `route`, as `npm run bench` measures it. */
const tbtTiming = (route: string): Timing => ({
  label: `TBT of ${route} (Lighthouse)`,
  once: async ({ url }) => {
    chrome ??= await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: LIGHTHOUSE_CHROME_FLAGS });
    const target = { port: chrome.port, blockedUrlPatterns: [] };
    const summary = await measureWithRetry(url + route, target);
    return Math.round(summary.tbtMs);
  },
});

/** The options, checked: how many runs, which timings. */
function settings(): { runs: number; base: string; timings: Timing[] } {
  const runs = Number.parseInt(options.runs, 10);
  // The rank-sum test's normal approximation holds from about 8 runs a side (bench/ab-stats.ts).
  if (!Number.isInteger(runs) || runs < 8)
    throw new Error(`--runs must be a whole number of 8 or more, got "${options.runs}"`);
  if (!options.base) throw new Error('--base <git ref> is required: the commit to compare this checkout with');
  const routes = options.tbt ?? [];
  for (const route of routes)
    if (!route.startsWith('/')) throw new Error(`--tbt takes a route such as /waitlist, got "${route}"`);
  const inPage = options.timing?.length || !routes.length ? pickTimings(options.timing) : [];
  const timings = [...inPage, ...routes.map(tbtTiming)];
  if (options.click) {
    const untraced = timings.filter((timing) => !timing.click).map((timing) => timing.label);
    if (untraced.length) throw new Error(`--click reads the taps inside a page only; not: ${untraced.join(', ')}`);
  }
  return { runs, base: options.base, timings };
}

function run(command: string, args: string[], cwd: string, spawnOptions: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', ...spawnOptions });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stderr ?? ''}${result.stdout ?? ''}`);
  return typeof result.stdout === 'string' ? result.stdout.trim() : '';
}

const servers: Supervised[] = [];
let tempDir: string | undefined;
let worktree: string | undefined;

async function cleanUp() {
  chrome?.kill();
  await Promise.all(servers.map((server) => server.stop()));
  if (worktree) spawnSync('git', ['worktree', 'remove', '--force', worktree], { cwd: root });
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

/** The base commit checked out beside this one and built, sharing this checkout's node_modules when the lockfiles agree. */
async function buildBase(sha: string): Promise<string> {
  worktree = join(tempDir!, 'base');
  run('git', ['worktree', 'add', '--detach', worktree, sha], root);
  const sameLockfile =
    spawnSync('git', ['diff', '--quiet', sha, '--', 'package-lock.json'], { cwd: root }).status === 0;
  if (sameLockfile) await symlink(join(root, 'node_modules'), join(worktree, 'node_modules'), 'dir');
  else {
    console.log(`package-lock.json differs at ${sha.slice(0, 7)}: installing its dependencies (npm ci)…`);
    run('npm', ['ci', '--no-audit', '--no-fund'], worktree, { stdio: 'inherit' });
  }
  console.log(`Building A (${sha.slice(0, 7)})…`);
  run('npm', ['run', 'build'], worktree, { stdio: ['ignore', 'ignore', 'inherit'] });
  return worktree;
}

async function main({ runs, base, timings }: ReturnType<typeof settings>) {
  const sha = run('git', ['rev-parse', '--verify', `${base}^{commit}`], root);
  const head = run('git', ['rev-parse', '--short', 'HEAD'], root);
  const changed = run('git', ['status', '--porcelain', '--untracked-files=no'], root) !== '';
  tempDir = await mkdtemp(join(os.tmpdir(), 'humanwise-bench-ab-'));
  const baseRoot = await buildBase(sha);
  if (!options['skip-build']) {
    console.log('Building B (this checkout)…');
    run('npm', ['run', 'build'], root, { stdio: ['ignore', 'ignore', 'inherit'] });
  }

  const { server: fixtures, port: fixturePort } = await startFixtures(root);
  servers.push(fixtures);
  const withoutFeed = timings.some((timing) => timing.withoutFeed);
  const serve = async (name: 'A' | 'B', buildRoot: string, describe: string): Promise<Build> => {
    const { url, noFeedUrl } = await startBuildServers(`${name} production server`, {
      root: buildRoot,
      fixturePort,
      storeDir: tempDir!,
      withoutFeed,
      onStarted: (server) => servers.push(server),
    });
    return { describe, url, noFeedUrl };
  };
  const builds = {
    A: await serve('A', baseRoot, `${base} (${sha.slice(0, 7)})`),
    B: await serve('B', root, `this checkout (${head}${changed ? ' with uncommitted changes' : ''})`),
  };

  console.log(
    `\n${timings.length} timing(s)${options.click ? ' as their click dispatch, traced' : ''}, ${runs} runs each on A and B, interleaved; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const results = new Map(timings.map((timing) => [timing, { A: [] as number[], B: [] as number[] }]));
  for (let round = 0; round < runs; round += 1) {
    for (const timing of timings)
      for (const name of roundOrder(round)) {
        await Promise.all(servers.map((server) => server.ensure()));
        results.get(timing)![name].push(await (options.click ? timing.click! : timing.once)(builds[name]));
      }
    process.stdout.write(`\r  round ${round + 1} of ${runs}`);
  }
  console.log(`\n  load average ${os.loadavg()[0]!.toFixed(1)} at the end\n`);

  const report = [...results].map(([timing, { A, B }]) => ({
    timing: timing.label,
    A: { ...spread(A), values: A },
    B: { ...spread(B), values: B },
    verdict: verdict(A, B),
  }));
  for (const { timing, A, B, verdict: said } of report) {
    console.log(timing);
    for (const [name, side] of [
      ['A', A],
      ['B', B],
    ] as const)
      console.log(
        `  ${name} ${builds[name].describe}: median ${side.medianMs} ms${options.click ? ' of click dispatch' : ''} (${side.minMs}-${side.maxMs}, ${side.runs} runs)`,
      );
    console.log(`  ${said}\n`);
  }
  const resultsDir = join(root, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const date = new Date().toISOString();
  const file = join(resultsDir, `ab-${date.replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ date, A: builds.A.describe, B: builds.B.describe, measure: options.click ? 'click dispatch' : 'time', loadAverage: os.loadavg()[0], report }, null, 2)}\n`,
  );
  console.log(`Results: ${file}`);
}

// Options it cannot use are refused as those it cannot read, before anything is built.
let checked: ReturnType<typeof settings>;
try {
  checked = settings();
} catch (error) {
  process.exit(refuseArgs((error as Error).message, USAGE));
}
let exitCode = 0;
try {
  await main(checked);
} catch (error) {
  console.error(`bench:ab failed: ${(error as Error).stack ?? error}`);
  exitCode = 2;
} finally {
  await cleanUp();
}
process.exit(exitCode);
