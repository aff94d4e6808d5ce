/**
 * The servers a bench run measures against: the fixture server (the blog's feed and its images, the
 * reference pages) and production servers of a build, each on a free loopback port, supervised.
 * Shared by `npm run bench` (one build) and `npm run bench:ab` (two builds side by side).
 */
import { join } from 'node:path';
import { freePort } from '../scripts/free-port.ts';
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

export interface SiteOptions {
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
export async function startSite(
  label: string,
  { root, fixturePort, feedPath, sqlitePath, logLevel = 'warn' }: SiteOptions,
): Promise<{ server: Supervised; url: string }> {
  const port = await freePort();
  const server = supervise(
    () =>
      startNode(label, [join(root, 'src', 'server', 'launch.mjs')], {
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLITE_PATH: sqlitePath,
        POV_FEED_URL: `http://127.0.0.1:${fixturePort}${feedPath}`,
        POV_FEED_ALLOW_PRIVATE: '1',
        LOG_LEVEL: logLevel,
      }),
    `http://127.0.0.1:${port}/healthz`,
  );
  await readyOrStopped(server);
  return { server, url: `http://127.0.0.1:${port}` };
}

/**
 * The feed paths of the fixture server: the feed with its articles' images on the same host (so
 * /pov is measured with its pictures, fetched and re-encoded as from the blog's CDN), and one that
 * has never answered (so /pov shows the island, its error and its "Try again").
 */
export const FEED_WITH_IMAGES = '/feed-with-images.xml';
export const NO_FEED = '/no-such-feed.xml';
