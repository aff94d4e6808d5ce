/**
 * `npm run test:reliability`: the end-to-end reliability suite (issue 8).
 *
 * Starts the built production server as child processes, on loopback, against a fresh SQLite store
 * and, when TEST_DATABASE_URL is set, again against PostgreSQL, and runs the scenarios:
 * load, duplicates, crash, bad input, rate limit and honeypot, feed faults, shutdown, and lead
 * delivery (receiver outage, SIGKILL with deliveries in flight, two instances on PostgreSQL),
 * (PostgreSQL) two instances behind nginx with one SIGKILLed mid-burst, the visitor
 * confirmation as a would-be spam relay, and a receiver gone for good (the delivery dies, the
 * team is told by e-mail, --retry-dead recovers it).
 * Builds nothing: it expects `dist/` from `npm run build`. Exits non-zero on any failed check; the
 * last line is `N passed, M failed`.
 *
 * Options (environment): TEST_DATABASE_URL, RELIABILITY_SEED (fast-check seed),
 * RELIABILITY_ONLY (scenario numbers to run, e.g. "1,4"), RELIABILITY_LOAD_TOTAL (default 5000),
 * RELIABILITY_STORES ("sqlite", "postgresql" or both, the default: CI runs the two stores as two
 * processes side by side, since most of each scenario is spent waiting).
 */
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startFeedServer } from '../support/feed-server.ts';
import { raiseOwnPriority, TIMED_NICENESS } from './priority.ts';
import { Report } from './report.ts';
import { ROOT, type RunningServer } from './server-process.ts';
import { postgresTarget, sqliteTarget, type StoreTarget } from './stores.ts';
import { launcher, type Scenario } from './scenarios/context.ts';
import { loadScenario } from './scenarios/load.ts';
import { duplicatesScenario } from './scenarios/duplicates.ts';
import { crashScenario } from './scenarios/crash.ts';
import { shutdownScenario } from './scenarios/shutdown.ts';
import { badInputScenario } from './scenarios/bad-input.ts';
import { rateLimitScenario } from './scenarios/rate-limit.ts';
import { feedFaultsScenario } from './scenarios/feed-faults.ts';
import { deliveryCrashScenario, deliveryOutageScenario, deliveryTwoInstancesScenario } from './scenarios/delivery.ts';
import { multiInstanceScenario } from './scenarios/multi-instance.ts';
import { deadDeliveryScenario } from './scenarios/dead-delivery.ts';
import { confirmationRelayScenario } from './scenarios/confirmation-relay.ts';

if (!existsSync(`${ROOT}dist/server/entry.mjs`)) {
  console.error('test:reliability: no build in dist/ — run "npm run build" first.');
  process.exit(1);
}

const scenarios: Scenario[] = [
  loadScenario,
  duplicatesScenario,
  crashScenario,
  badInputScenario,
  rateLimitScenario,
  feedFaultsScenario,
  shutdownScenario,
  deliveryOutageScenario,
  deliveryCrashScenario,
  deliveryTwoInstancesScenario,
  multiInstanceScenario,
  deadDeliveryScenario,
  confirmationRelayScenario,
];
const only = process.env.RELIABILITY_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const selected = only ? scenarios.filter((s) => only.some((n) => s.title.startsWith(`${n}.`))) : scenarios;
const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 2_147_483_647);
const stores = (process.env.RELIABILITY_STORES ?? 'sqlite,postgresql').split(',').map((s) => s.trim());
const unknownStores = stores.filter((store) => store !== 'sqlite' && store !== 'postgresql');
if (unknownStores.length > 0 || stores.length === 0) {
  console.error(`RELIABILITY_STORES: expected "sqlite", "postgresql" or both (got "${unknownStores.join(',')}").`);
  process.exit(2);
}

const report = new Report();
// A scenario that never settles must still fail the run, with the closing line the CI reads.
let finished = false;
process.on('exit', (code) => {
  if (finished) return;
  console.log(
    `\nThe run stopped before its end (exit code ${code}).\n${report.passed} passed, ${report.failed + 1} failed`,
  );
  process.exitCode = 1;
});
const watchdog = setTimeout(() => {
  console.log('\nThe run took longer than 20 minutes; stopping it.');
  process.exit(1);
}, 20 * 60_000); // eleven scenarios on both stores; a busy shared machine triples their time
watchdog.unref();
const started = performance.now();
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`Reliability suite, ${new Date().toISOString()}`);
console.log(
  `Machine: ${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${cpus()[0]?.model ?? 'unknown CPU'}; ` +
    `Node ${process.version}; load average ${load()}; fast-check seed ${seed}`,
);

const feed = await startFeedServer();
const targets: StoreTarget[] = stores.includes('sqlite') ? [sqliteTarget()] : [];
const pgUrl = process.env.TEST_DATABASE_URL?.trim();
if (!stores.includes('postgresql')) {
  console.log('RELIABILITY_STORES leaves PostgreSQL out.');
} else if (pgUrl) {
  try {
    targets.push(await postgresTarget(pgUrl));
  } catch (error) {
    report.begin('PostgreSQL', 'connect to TEST_DATABASE_URL');
    report.crash(error);
    report.end(0);
  }
} else {
  console.log('TEST_DATABASE_URL is not set: PostgreSQL runs are skipped.');
}

let run = 0;
for (const target of targets) {
  for (const scenario of selected) {
    run += 1;
    const servers: RunningServer[] = [];
    report.begin(target.name, scenario.title);
    const t0 = performance.now();
    const restorePriority = scenario.timed ? raiseOwnPriority() : null;
    if (scenario.timed) {
      report.figure(
        'scheduling',
        restorePriority
          ? `the harness and its servers at niceness ${TIMED_NICENESS}, ahead of other work on the machine`
          : 'the usual priority (raising it is not permitted here)',
      );
    }
    try {
      await scenario.run({
        target,
        report,
        feed,
        seed,
        launch: launcher(feed, servers, restorePriority ? { niceness: TIMED_NICENESS } : {}),
        tag: `r${process.pid}s${run}`,
      });
    } catch (error) {
      report.crash(error);
    } finally {
      for (const server of servers) {
        const why = server.exitedOnItsOwn();
        if (why) report.check('no server exited on its own', false, why);
      }
      await Promise.all(servers.map((s) => s.stop()));
      restorePriority?.();
    }
    report.end((performance.now() - t0) / 1000);
  }
  await target.close();
}
await feed.close();

console.log(report.summary());
console.log(`\nTotal time ${((performance.now() - started) / 1000).toFixed(1)} s; load average at the end ${load()}`);
console.log(`${report.passed} passed, ${report.failed} failed`);
finished = true;
process.exit(report.failed === 0 ? 0 : 1);
