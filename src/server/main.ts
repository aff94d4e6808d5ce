/**
 * The production server, started through src/server/launch.mjs (`npm run serve`, `npm start`).
 * Owns HTTP — security headers, compression, caching, the JSON APIs, health and graceful
 * shutdown — and hands page requests to Astro's handler, passing server-side services as locals.
 */
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import pino from 'pino';
import { createApp, type AstroHandler } from './app.ts';
import { loadStaticAssets } from './http/static-files.ts';
import { collectScriptHashes } from './http/inline-script-hashes.ts';
import { gracefulShutdown } from './http/graceful-shutdown.ts';
import { openLeadStore } from './leads/store.ts';
import { openWaitlistRateLimiter } from './waitlist/rate-limiter.ts';
import { createWaitlistSubmitter } from './waitlist/submit.ts';
import { createWaitlistApiHandler } from './waitlist/respond-json.ts';
import { createWaitlistFormHandler } from './waitlist/respond-form.ts';
import { createPovHandler } from './api/pov.ts';
import { createPovService } from './feed/pov-service.ts';
import { WAITLIST_API_PATH, WAITLIST_FORM_PATH } from '../lib/waitlist/api.ts';
import { differingBuildSettings, mismatchMessage, readStamp } from './build-stamp.ts';
import { loadSettings, settingsOrExit } from './settings.ts';

// Settings first, before anything that reads them (the built pages read the build-time ones as
// they load): a bad value is one line per variable, never a stack trace.
const settings = settingsOrExit(loadSettings);
const logger = pino({ level: settings.LOG_LEVEL, base: null });
const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));
const entry = `${distDir}server/entry.mjs`;

if (!existsSync(entry)) {
  logger.fatal(`No build found at ${entry}. Run "npm run build" first (or "npm start", which builds and serves).`);
  process.exit(1);
}
const stamp = readStamp(distDir);
if (!stamp) {
  logger.warn('The build has no stamp (not made by "npm run build"): its build-time settings cannot be checked.');
} else {
  const differing = differingBuildSettings(stamp, settings);
  if (differing.length > 0) {
    console.error(mismatchMessage(differing));
    process.exit(1);
  }
}

const { handler: astro } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
const assets = await loadStaticAssets(`${distDir}client`);
const store = await openLeadStore(settings);
// Counts shared by every instance when they share PostgreSQL; in this process's memory otherwise.
const rateLimiter = await openWaitlistRateLimiter({
  limit: settings.WAITLIST_RATE_LIMIT,
  windowMs: 10 * 60 * 1000,
  databaseUrl: settings.DATABASE_URL,
  onFallback: (error) =>
    logger.warn({ err: error }, 'rate limiter: PostgreSQL did not answer; this instance limits on its own for now'),
});
const povService = createPovService({
  feedUrl: settings.POV_FEED_URL,
  cacheTtlMs: settings.POV_CACHE_SECONDS * 1000,
  log: (event) => logger.warn({ feed: event }, 'feed event'),
});

const waitlist = {
  submit: createWaitlistSubmitter({
    store,
    rateLimiter,
  }),
  trustProxy: settings.TRUST_PROXY,
  log: (event: Record<string, unknown>) => logger.info(event),
};

const app = createApp({
  assets,
  astro,
  security: {
    scriptHashes: collectScriptHashes([...assets.values()].map((asset) => asset.scriptHashes)),
    hsts: settings.SITE_URL.startsWith('https:'),
  },
  logger,
  enableFailureRoute: settings.ENABLE_FAILURE_ROUTE,
  health: async () => {
    await store.ping();
    return true;
  },
  api: {
    [WAITLIST_API_PATH]: createWaitlistApiHandler(waitlist),
    '/api/pov': createPovHandler(povService),
  },
  // The no-JavaScript waiting-list form posts to its own page.
  formPosts: { [WAITLIST_FORM_PATH]: createWaitlistFormHandler(waitlist) },
});

const server = createServer(
  { requestTimeout: 30_000, headersTimeout: 15_000 },
  (req, res) => void app.handle(req, res),
);
server.keepAliveTimeout = 5_000;
const drainer = gracefulShutdown(server);

const port = settings.PORT;
const host = settings.HOST;
server.listen(port, host, () => {
  logger.info({ url: `http://${host}:${port}`, store: store.kind }, 'server listening');
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Stop accepting, let requests in flight finish (10 s at most), then close the store so every
  // write is on disk.
  drainer
    .drain({ forceAfterMs: 10_000, onForce: () => logger.warn('requests still open after 10 s; closing them') })
    .then(() => Promise.all([store.close(), rateLimiter.close()]))
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      logger.error({ err: error }, 'closing the store failed');
      process.exit(1);
    });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
