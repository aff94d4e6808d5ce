import { defineConfig, devices } from '@playwright/test';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromiumPath, headlessShellPath } from './tests/support/chromium.ts';
import { E2E_STORE_PREFIX } from './tests/support/e2e-teardown.ts';
import { loopbackServerEnv } from './tests/support/server-env.ts';

/**
 * Browser tests run against the built production server (`npm run build` first; `npm test` does it),
 * with a fresh SQLite store, a local fixture feed for the Point of View page, and Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 4329);
const feedPort = Number(process.env.E2E_FEED_PORT ?? 4391);
/** A fake Plausible/Umami (tests/support/fake-analytics.ts); a build with PUBLIC_ANALYTICS_ORIGIN on it reports there. */
export const analyticsPort = Number(process.env.E2E_ANALYTICS_PORT ?? 4392);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * A second production server whose blog feed has never answered (a path the fixture feed server
 * does not have): its /pov holds no articles to render, so the island loads them and shows the
 * loading, error, empty and "Try again" states. Tests answer its /api/pov themselves.
 */
const noFeedPort = Number(process.env.E2E_NO_FEED_PORT ?? 4393);
export const noFeedURL = `http://127.0.0.1:${noFeedPort}`;
// Set once in the runner process; test workers inherit it, so tests can read the store the server
// writes. The folder is the run's own, named after the runner's process, which removes it at the
// end (tests/support/e2e-teardown.ts).
process.env.E2E_SQLITE_PATH ??= join(tmpdir(), `${E2E_STORE_PREFIX}${process.pid}-${Date.now()}`, 'leads.sqlite');

/** The visual regression spec: only the `visual` project runs it. */
const VISUAL = /visual\.spec\.ts$/;
/**
 * Tests whose checks do not depend on the viewport (markup, bytes, headers, links) or that set their
 * own sizes carry this tag, `test('...', { tag: '@one-viewport' }, ...)`, and run in one project.
 */
const ONE_VIEWPORT = /@one-viewport/;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
];

/**
 * The built production server on `serverPort`, storing leads at `sqlitePath` and reading its blog
 * feed from `feedPath` on the fixture feed server; `env` adds or overrides settings.
 */
function productionServer(serverPort: number, sqlitePath: string, feedPath: string, env: Record<string, string>) {
  return {
    command: 'node src/server/launch.mjs',
    url: `http://127.0.0.1:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    env: loopbackServerEnv({ port: serverPort, sqlitePath, feedUrl: `http://127.0.0.1:${feedPort}${feedPath}` }, env),
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/support/e2e-teardown.ts',
  fullyParallel: true,
  // One worker per core in CI (at least 2: tests spend much of their time waiting on the server).
  workers: process.env.CI ? Math.max(2, availableParallelism()) : 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // Recording a trace costs about 13 % of the suite's CPU even when it is thrown away: in CI (one
    // retry) only the retry of a failed test records one; locally, every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: headlessShellPath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: VISUAL,
      grepInvert: ONE_VIEWPORT,
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: false },
    },
    {
      name: 'desktop',
      testIgnore: VISUAL,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // Screenshot comparisons: their own project (each test sets its width), so they run alone with
    // `npx playwright test tests/e2e/visual.spec.ts` and never twice. Baselines sit next to the spec.
    {
      name: 'visual',
      testMatch: VISUAL,
      // The pictures are of what the browser visitors run paints (the headless shell rasterizes text
      // slightly differently).
      use: {
        ...devices['Desktop Chrome'],
        reducedMotion: 'reduce',
        launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
      },
      // Each picture is one screen or one section, so 0.1% of its pixels is at most an icon's worth
      // (about 1,000 pixels at 1280x800): enough for anti-aliasing, never a component.
      expect: { toHaveScreenshot: { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.001 } },
    },
  ],
  webServer: [
    {
      command: `node tests/support/fake-analytics.ts ${analyticsPort}`,
      url: `http://127.0.0.1:${analyticsPort}/healthz`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `node tests/support/feed-server.ts ${feedPort}`,
      url: `http://127.0.0.1:${feedPort}/healthz`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    productionServer(port, process.env.E2E_SQLITE_PATH, '/feed.xml', {
      WAITLIST_RATE_LIMIT: '0',
      ENABLE_FAILURE_ROUTE: '1',
      LOG_LEVEL: 'warn',
    }),
    productionServer(noFeedPort, join(dirname(process.env.E2E_SQLITE_PATH), 'no-feed.sqlite'), '/no-such-feed.xml', {
      // Its failing feed is expected: only errors of its own are worth a line.
      LOG_LEVEL: 'error',
    }),
  ],
});
