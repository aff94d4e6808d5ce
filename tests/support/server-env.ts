/**
 * The settings of a production server started on loopback by the browser tests
 * (playwright.config.ts) and the bench (bench/sites.ts): its port, a throw-away SQLite store and a
 * blog feed served by a fixture server on the same machine. `env` adds or overrides settings
 * (src/server/settings.ts names them all).
 */
export function loopbackServerEnv(
  { port, sqlitePath, feedUrl }: { port: number; sqlitePath: string; feedUrl: string },
  env: Record<string, string> = {},
): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    SQLITE_PATH: sqlitePath,
    POV_FEED_URL: feedUrl,
    // The fixture feed runs on loopback, which the feed reader refuses otherwise.
    POV_FEED_ALLOW_PRIVATE: '1',
    ...env,
  };
}
