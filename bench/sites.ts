/**
 * The servers a bench run measures against: the fixture server (the blog's feed and its images, the
 * reference pages) and production servers of a build, each on a free loopback port, supervised.
 * Shared by `npm run bench` (one build) and `npm run bench:ab` (two builds side by side).
 */
import { join } from 'node:path';
import { freePort } from '../scripts/free-port.ts';
import { loopbackServerEnv } from '../tests/support/server-env.ts';
import { startNode, supervise } from './processes.ts';

export type Supervised = ReturnType<typeof supervise>;

/** Waits for the server's health check; a server that never answers is stopped, not left behind. */
async function readyOrStopped(server: Supervised): Promise<void> {
  try {
    await server.ready();
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** bench/fixture-server.ts of the checkout at `root`. */
export async function startFixtures(root: string): Promise<{ server: Supervised; port: number }> {
  const port = await freePort();
  const server = supervise(
    () => startNode('fixture server', [join(root, 'bench', 'fixture-server.ts'), String(port)]),
    `http://127.0.0.1:${port}/healthz`,
  );
  await readyOrStopped(server);
  return { server, port };
}

/**
 * The stand-in for Plausible and Umami the browser tests use (tests/support/fake-analytics.ts), for
 * `npm run bench -- --analytics`, and the build-time settings of a site reporting to it with
 * Plausible's API: the pages measured doing what they do for a firm that counts visits.
 */
export async function startAnalyticsService(
  root: string,
): Promise<{ server: Supervised; settings: Record<string, string> }> {
  const port = await freePort();
  const server = supervise(
    () => startNode('analytics service', [join(root, 'tests', 'support', 'fake-analytics.ts'), String(port)]),
    `http://127.0.0.1:${port}/healthz`,
  );
  await readyOrStopped(server);
  const settings = {
    PUBLIC_ANALYTICS_PROVIDER: 'plausible',
    PUBLIC_ANALYTICS_SITE: 'bench.humanwise.example',
    PUBLIC_ANALYTICS_ORIGIN: `http://127.0.0.1:${port}`,
  };
  return { server, settings };
}

/**
 * The feed paths of the fixture server: the feed with its articles' images on the same host (so
 * /pov is measured with its pictures, fetched and re-encoded as from the blog's CDN, without the
 * console errors of images that cannot be fetched offline), and one that has never answered.
 */
const FEED_WITH_IMAGES = '/feed-with-images.xml';
const NO_FEED = '/no-such-feed.xml';

interface SiteOptions {
  /** The checkout whose build (`dist/`) the server serves. */
  root: string;
  fixturePort: number;
  /** The feed /pov reads, a path on the fixture server. */
  feedPath: string;
  /** A throw-away SQLite file for the server's leads. */
  sqlitePath: string;
  logLevel?: string;
}

/** A production server of the build at `root`, its blog feed on the fixture server. */
async function startSite(
  label: string,
  { root, fixturePort, feedPath, sqlitePath, logLevel = 'warn' }: SiteOptions,
): Promise<{ server: Supervised; url: string }> {
  const port = await freePort();
  const server = supervise(
    () =>
      startNode(
        label,
        [join(root, 'src', 'server', 'launch.mjs')],
        loopbackServerEnv(
          { port, sqlitePath, feedUrl: `http://127.0.0.1:${fixturePort}${feedPath}` },
          // Off: the bench stores a lead with each Submit it times, more from one address than the limit lets through.
          { LOG_LEVEL: logLevel, WAITLIST_RATE_LIMIT: '0' },
        ),
      ),
    `http://127.0.0.1:${port}/healthz`,
  );
  await readyOrStopped(server);
  return { server, url: `http://127.0.0.1:${port}` };
}

export interface BuildServers {
  /** The server measured: its /pov shows the fixture feed's articles with their pictures. */
  site: Supervised;
  url: string;
  /**
   * A second server whose feed has never answered, for the POV page's "Try again": a server holding
   * the articles renders them into /pov, which then has no island, error or retry.
   */
  noFeedUrl?: string | undefined;
}

/**
 * The servers of the build at `root`, their stores in `storeDir` named after `label`: the one
 * measured and, with `withoutFeed`, its twin whose feed never answers. `onStarted` receives each
 * server as it starts, so the caller can stop it whatever fails after.
 */
export async function startBuildServers(
  label: string,
  {
    root,
    fixturePort,
    storeDir,
    withoutFeed,
    onStarted,
  }: {
    root: string;
    fixturePort: number;
    storeDir: string;
    withoutFeed: boolean;
    onStarted: (server: Supervised) => void;
  },
): Promise<BuildServers> {
  const store = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const site = await startSite(label, {
    root,
    fixturePort,
    feedPath: FEED_WITH_IMAGES,
    sqlitePath: join(storeDir, `${store}.sqlite`),
  });
  onStarted(site.server);
  if (!withoutFeed) return { site: site.server, url: site.url };
  const noFeed = await startSite(`${label} without a feed`, {
    root,
    fixturePort,
    feedPath: NO_FEED,
    sqlitePath: join(storeDir, `${store}-no-feed.sqlite`),
    // Its failing feed is the point: only errors of its own are worth a line.
    logLevel: 'error',
  });
  onStarted(noFeed.server);
  return { site: site.server, url: site.url, noFeedUrl: noFeed.url };
}
