/**
 * The production server: `npm run serve` (after `npm run build`).
 * Owns HTTP — security headers, compression, caching, the JSON APIs, health and graceful
 * shutdown — and hands page requests to Astro's handler, passing server-side services as locals.
 */
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import pino from 'pino';
import { site } from '../config/site.ts';
import { createApp, type AstroHandler } from './app.ts';
import { loadStaticAssets } from './http/static-files.ts';
import { collectScriptHashes } from './http/inline-script-hashes.ts';
import { gracefulShutdown } from './http/graceful-shutdown.ts';
import { openLeadStore } from './leads/store.ts';
import { createWaitlistHandler } from './api/waitlist.ts';
import { openWaitlistRateLimiter } from './waitlist/rate-limiter.ts';
import { createPovHandler } from './api/pov.ts';
import { createPovService } from './feed/pov-service.ts';
import { loadSettings, SettingsError } from './settings.ts';

const env = process.env;
const settings = (() => {
  try {
    return loadSettings(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    for (const problem of error.problems) console.error(`Setting error: ${problem}`);
    process.exit(1);
  }
})();
const logger = pino({ level: settings.LOG_LEVEL, base: null });
const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));
const entry = `${distDir}server/entry.mjs`;

if (!existsSync(entry)) {
  logger.fatal(`No build found at ${entry}. Run "npm run build" first (or "npm start", which builds and serves).`);
  process.exit(1);
}

const { handler: astro } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
const assets = await loadStaticAssets(`${distDir}client`);
const store = await openLeadStore(env);
// Counts shared by every instance when they share PostgreSQL; in this process's memory otherwise.
const rateLimiter = await openWaitlistRateLimiter({
  limit: settings.WAITLIST_RATE_LIMIT,
  windowMs: 10 * 60 * 1000,
  databaseUrl: settings.DATABASE_URL,
  onFallback: (error) =>
    logger.warn({ err: error }, 'rate limiter: PostgreSQL did not answer; this instance limits on its own for now'),
});
const povService = createPovService({
  feedUrl: site.povFeedUrl,
  cacheTtlMs: settings.POV_CACHE_SECONDS * 1000,
  log: (event) => logger.warn({ feed: event }, 'feed event'),
});

const app = createApp({
  assets,
  astro,
  security: { scriptHashes: collectScriptHashes(assets), hsts: site.siteUrl.startsWith('https:') },
  logger,
  enableFailureRoute: settings.ENABLE_FAILURE_ROUTE,
  health: async () => {
    await store.ping();
    return true;
  },
  api: {
    '/api/waitlist': createWaitlistHandler({
      store,
      rateLimiter,
      trustProxy: settings.TRUST_PROXY,
      renderForm: async (req, res, state, status) => {
        // The no-JavaScript form: answer with the /waitlist page showing the outcome.
        req.method = 'GET';
        req.url = '/waitlist';
        delete req.headers['content-type'];
        delete req.headers['content-length'];
        await app.renderWithAstro(req, res, { waitlistForm: state, waitlistStatus: status });
      },
      log: (event) => logger.info(event),
    }),
    '/api/pov': createPovHandler(povService),
  },
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
