/**
 * The production server, started through src/server/launch.mjs (`npm run serve`, `npm start`).
 * Owns HTTP — security headers, compression, caching, the JSON APIs, health and graceful
 * shutdown — and hands page requests to Astro's handler, passing server-side services as locals.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createApp, type AstroHandler } from './app.ts';
import type { SecurityHeaderOptions } from './http/security-headers.ts';
import { loadStaticAssets, type StaticAsset } from './http/static-files.ts';
import { collectScriptHashes } from './http/inline-script-hashes.ts';
import { gracefulShutdown } from './http/graceful-shutdown.ts';
import { createHttpServer } from './http/server.ts';
import { type ConfirmationOutcome, openLeadStore, storeStartProblem } from './leads/store.ts';
import { openWaitlistRateLimiter } from './waitlist/rate-limiter.ts';
import { createWaitlistSubmitter } from './waitlist/submit.ts';
import { createWaitlistApiHandler } from './waitlist/respond-json.ts';
import { createWaitlistFormHandler } from './waitlist/respond-form.ts';
import { createPovHandler, createPovThumbnailHandler } from './api/pov.ts';
import { createThumbnails } from './feed/thumbnails.ts';
import { createPovService } from './feed/pov-service.ts';
import { WAITLIST_API_PATH, WAITLIST_FORM_PATH } from '../lib/waitlist/api.ts';
import { POV_API_PATH, POV_THUMBNAIL_PATH } from '../lib/pov/types.ts';
import { differingBuildSettings, mismatchMessage, readStamp } from '../config/build-stamp.ts';
import { loadSettings, settingsOrExit } from './settings.ts';
import { createChannels } from './delivery/channels.ts';
import { deadDeliveryOf, tellOfDeadDelivery } from './delivery/dead-delivery-notice.ts';
import { createDeliveryWorker, type DeliveryEvent } from './delivery/worker.ts';
import { fastSchedule, productionSchedule } from './delivery/schedule.ts';
import { startRetention } from './leads/retention.ts';
import { createOperatorMetrics } from './metrics/operator-metrics.ts';
import { createMetricsEndpoint } from './metrics/metrics-endpoint.ts';
import { createLeadStoredReporter } from './analytics/lead-stored-event.ts';
import { createEditorRoutes } from './cms/editor-routes.ts';
import { createEditorSessions } from './cms/session.ts';
import { createPublisher, type Publisher } from './cms/publisher.ts';
import { publishingHealth, publishingPage } from './cms/publishing-page.ts';

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
const assets = await loadStaticAssets(distDir);
const schedule = settings.LEADS_DELIVERY_FAST ? fastSchedule : productionSchedule;
// Imported only now: src/config/site.ts validates the build-time settings as it loads, and a bad
// one must be reported by settingsOrExit above, as one line, not thrown from an import.
const { site } = await import('../config/site.ts');
const channels = createChannels(
  settings,
  { companyName: site.companyName, contactEmail: settings.PUBLIC_CONTACT_EMAIL, siteUrl: settings.SITE_URL },
  schedule.sendTimeoutMs,
);
const store = await openLeadStore(settings, {
  channels: channels.enabled,
  confirmationsPerHour: settings.LEADS_CONFIRM_MAX_PER_HOUR,
  onNarrowed: (paths) => logger.warn({ paths }, 'lead store files were readable by others; narrowed to the owner'),
  onSharedDirectory: (dir) =>
    logger.warn(
      { dir },
      "SQLITE_PATH's folder is readable by others and holds other files, so it was left as it is: give the store a folder of its own (the default ./data/leads.sqlite)",
    ),
}).catch((error: unknown) => {
  // One line, as for a bad setting: an unreachable database or a damaged file is not a crash.
  console.error(storeStartProblem(error, settings));
  process.exit(1);
});
if (channels.enabled.length === 0) {
  logger.warn(
    'No lead delivery channel is configured: leads are stored, but nobody is notified. Set SMTP_URL and ' +
      'LEADS_NOTIFY_EMAIL, or LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET (see the README), then queue earlier ' +
      'leads with "npm run leads:deliveries -- --backfill".',
  );
}
/** A dead delivery reaches the team through the other channel (dead-delivery-notice.ts). */
function tellTeamOfDeadDelivery(event: DeliveryEvent) {
  const dead = deadDeliveryOf(event);
  if (!dead) return;
  // Each try signs afresh (new Date()): receivers refuse a webhook-timestamp minutes old.
  tellOfDeadDelivery(
    () => channels.notifyDead(dead, new Date()),
    schedule,
    (error, waitMs) =>
      logger.warn(
        {
          delivery: dead.deliveryId,
          lead: dead.leadId,
          error: error instanceof Error ? error.message : 'unknown error',
          retryInMs: waitMs,
        },
        'could not tell the team of the dead delivery yet; trying again',
      ),
  ).then(
    (via) => {
      if (via) logger.warn({ delivery: dead.deliveryId, lead: dead.leadId, via }, 'team told of the dead delivery');
    },
    (error: unknown) =>
      logger.error(
        {
          delivery: dead.deliveryId,
          lead: dead.leadId,
          error: error instanceof Error ? error.message : 'unknown error',
        },
        'could not tell the team of the dead delivery through the other channel either',
      ),
  );
}
// Prometheus metrics only when an operator has set the token that reads them (README, "Metrics").
// The outbox read checks the store as /healthz does first (ping: with SQLite, that the file at
// SQLITE_PATH is still the one open), so lead_store_up says what /healthz would.
const metrics = settings.METRICS_TOKEN
  ? createOperatorMetrics({
      outbox: async () => {
        await store.ping();
        return store.deliveryHealth();
      },
    })
  : undefined;
// Deliveries are sent from the outbox by this worker; its log lines carry ids, never personal data.
const worker = createDeliveryWorker({
  store,
  send: channels.send,
  schedule,
  log: (event) => {
    metrics?.recordDeliveryEvent(event);
    if (event.event === 'dead') {
      logger.error(event, 'lead delivery is dead: giving up after 24 h of failures');
      tellTeamOfDeadDelivery(event);
    } else if (event.event === 'delivered') logger.info(event, 'lead delivered');
    else if (event.event === 'refused') logger.info(event, 'visitor confirmation given up: refused, or out of retries');
    else logger.warn(event, 'lead delivery failed');
  },
});
worker.start();
// The site-wide confirmation cap is said once when it is reached, again only after confirmations
// went out since (a flood must not become a flood of log lines).
let capReported = false;
function noteConfirmation(outcome: ConfirmationOutcome | undefined) {
  if (outcome === 'queued') capReported = false;
  if (outcome !== 'capped' || capReported) return;
  capReported = true;
  logger.warn(
    { cap: settings.LEADS_CONFIRM_MAX_PER_HOUR },
    'visitor confirmations reached LEADS_CONFIRM_MAX_PER_HOUR: leads are stored and delivered to the team, but not confirmed to the visitor until the hour has room',
  );
}
const stopRetention = startRetention({
  store,
  retentionDays: settings.LEADS_RETENTION_DAYS,
  log: (result) => {
    if ('error' in result) logger.error({ error: result.error }, 'retention purge failed');
    else if (result.leads > 0)
      logger.info({ ...result, retentionDays: settings.LEADS_RETENTION_DAYS }, 'retention purge');
  },
});
// Counts shared by every instance when they share PostgreSQL; in this process's memory otherwise.
const rateLimiter = await openWaitlistRateLimiter({
  limit: settings.WAITLIST_RATE_LIMIT,
  windowMs: 10 * 60 * 1000,
  databaseUrl: settings.DATABASE_URL,
  onFallback: (error) =>
    logger.warn({ err: error }, 'rate limiter: PostgreSQL did not answer; this instance limits on its own for now'),
});
// Confirmations per client network (an IPv6 /48 counts as one client): as many as one client may
// submit, so a block of addresses cannot multiply the mail the form sends to strangers.
const confirmationLimiter = channels.enabled.includes('visitor-email')
  ? await openWaitlistRateLimiter({
      limit: settings.WAITLIST_RATE_LIMIT,
      windowMs: 10 * 60 * 1000,
      databaseUrl: settings.DATABASE_URL,
      tableName: 'confirmation_rate_limit',
      onFallback: (error) =>
        logger.warn({ err: error }, 'confirmation limiter: PostgreSQL did not answer; this instance limits on its own'),
    })
  : undefined;
// The articles' images are fetched by this server under the feed's rules, never by visitors.
const thumbnails = createThumbnails({ allowPrivateAddresses: settings.POV_FEED_ALLOW_PRIVATE });
const povService = createPovService({
  thumbnails,
  feedUrl: settings.POV_FEED_URL,
  cacheTtlMs: settings.POV_CACHE_SECONDS * 1000,
  allowPrivateAddresses: settings.POV_FEED_ALLOW_PRIVATE,
  log: (event) => logger.warn({ feed: event }, 'feed event'),
  ...(metrics ? { onFetch: (outcome: 'ok' | 'error') => metrics.countFeedFetch(outcome) } : {}),
});
// Read at start, so the first visitor to /pov has the articles in the page rather than after a request.
void povService.get();

// The stored lead counted by the analytics service from here too, so an ad blocker cannot hide it.
const reportLeadStored = createLeadStoredReporter({
  analytics: site.analytics,
  siteUrl: settings.SITE_URL,
  onFailure: (error) => logger.warn({ error }, 'analytics service did not take the stored-lead event'),
});

const waitlist = {
  submit: createWaitlistSubmitter({
    store,
    rateLimiter,
    ...(confirmationLimiter ? { confirmations: confirmationLimiter } : {}),
    // A new lead wakes the delivery worker at once, so it is usually delivered within
    // milliseconds instead of at the next poll; the analytics service counts it (not awaited).
    onStored: (_leadId, confirmation, program) => {
      worker.nudge();
      noteConfirmation(confirmation);
      void reportLeadStored?.(program);
    },
  }),
  trustProxy: settings.TRUST_PROXY,
  // A submission answered 5xx was not stored (the store did not answer, or a fault): a problem the
  // operator must see at LOG_LEVEL=warn too. Every other outcome is routine.
  log: (event: Record<string, unknown>) =>
    Number(event.status) >= 500
      ? logger.error(event, 'waiting-list submission not stored: the visitor was asked to try again')
      : logger.info(event),
  ...(metrics ? { countOutcome: metrics.countSubmission } : {}),
};

/** The security headers' options for a build: its pages' inline-script hashes, at start and after each publish. */
const securityFor = (built: Map<string, StaticAsset>): SecurityHeaderOptions => ({
  scriptHashes: collectScriptHashes([...built.values()].map((asset) => asset.scriptHashes)),
  hsts: settings.SITE_URL.startsWith('https:'),
  analyticsOrigin: site.analytics?.origin,
});

// Local mode publishes by rebuilding this folder's sources on this server, and Keystatic saves into
// the working directory: both must be the site's own folder (a container image has no sources).
const root = fileURLToPath(new URL('../../', import.meta.url));
if (settings.CMS_MODE === 'local') {
  if (!existsSync(path.join(root, 'src/content')) || !existsSync(path.join(root, 'astro.config.mjs'))) {
    console.error(
      'Setting error: CMS_MODE is local, which rebuilds the site on this server, but its sources are not here (a container image only serves a build): use CMS_MODE=github',
    );
    process.exit(1);
  }
  if (path.resolve(process.cwd()) !== path.resolve(root)) {
    console.error(
      `Setting error: CMS_MODE is local, which saves into the working directory: start the server in ${root}`,
    );
    process.exit(1);
  }
}
let buildGeneration = 0;
const publisher: Publisher | undefined =
  settings.CMS_MODE === 'local'
    ? createPublisher({
        root,
        // The new build in dist: its on-demand pages (a fresh module URL, so Node does not hand back the
        // old one) and its files, swapped in whole for the next request.
        load: async () => {
          buildGeneration += 1;
          const next = (await import(`${pathToFileURL(entry).href}?build=${buildGeneration}`)) as {
            handler: AstroHandler;
          };
          const nextAssets = await loadStaticAssets(distDir);
          app.setBuild({ assets: nextAssets, astro: next.handler, security: securityFor(nextAssets) });
        },
        log: (event, message) =>
          event.event === 'publish failed' ? logger.warn(event, message) : logger.info(event, message),
      })
    : undefined;

// The editor (CMS_MODE local or github; the build carries it only then): its own routes, login and policy.
const editor =
  settings.CMS_MODE === 'off'
    ? undefined
    : createEditorRoutes({
        mode: settings.CMS_MODE,
        ...(settings.CMS_PASSWORD ? { sessions: createEditorSessions(settings.CMS_PASSWORD) } : {}),
        trustProxy: settings.TRUST_PROXY,
        ...(settings.CMS_MODE === 'github' && settings.KEYSTATIC_GITHUB_CLIENT_ID
          ? { github: { clientId: settings.KEYSTATIC_GITHUB_CLIENT_ID, siteUrl: settings.SITE_URL } }
          : {}),
        ...(publisher
          ? { publishing: { page: () => publishingPage(publisher) }, onSaved: () => publisher.requestPublish() }
          : {}),
        log: (event, message) => logger.info(event, message),
      });

const app = createApp({
  assets,
  astro,
  security: securityFor(assets),
  logger,
  enableFailureRoute: settings.ENABLE_FAILURE_ROUTE,
  crossSite: { siteUrl: settings.SITE_URL, allowedHosts: settings.ALLOWED_ORIGINS },
  ...(metrics && settings.METRICS_TOKEN
    ? {
        metrics: {
          endpoint: createMetricsEndpoint(settings.METRICS_TOKEN, metrics),
          observeRequest: metrics.observeRequest,
        },
      }
    : {}),
  ...(editor ? { editor } : {}),
  pageLocals: { povArticles: () => povService.cached() },
  health: async () => {
    await store.ping();
    // Failing deliveries do not make the site unhealthy; monitoring alerts on these numbers.
    const deliveries = await store.deliveryHealth().catch(() => undefined);
    // The editor's last publish (local mode): a failed one leaves the previous build live, so never a 503.
    const publishing = publisher ? { publishing: publishingHealth(publisher) } : {};
    return deliveries
      ? {
          deliveries: {
            dead: deliveries.dead,
            pending: deliveries.pending,
            oldestPendingSeconds: deliveries.oldestPendingSeconds,
          },
          ...publishing,
        }
      : publisher
        ? publishing
        : true;
  },
  api: {
    [WAITLIST_API_PATH]: createWaitlistApiHandler(waitlist),
    [POV_API_PATH]: createPovHandler(povService),
    [POV_THUMBNAIL_PATH]: createPovThumbnailHandler(thumbnails),
  },
  // The no-JavaScript waiting-list form posts to its own page.
  formPosts: { [WAITLIST_FORM_PATH]: createWaitlistFormHandler(waitlist) },
});

const server = createHttpServer((req, res) => void app.handle(req, res));
const drainer = gracefulShutdown(server);

const port = settings.PORT;
const host = settings.HOST;
// Listening is all that can fail on the server itself (a request's errors are its own): one line
// that names the setting, not a stack trace.
server.once('error', (error: NodeJS.ErrnoException) => {
  const why =
    error.code === 'EADDRINUSE'
      ? 'is in use by another process'
      : `cannot be listened on (${error.code ?? error.message})`;
  console.error(`Cannot start: ${host}:${port} ${why}. Set PORT (or HOST) to a free address.`);
  process.exit(1);
});
server.listen(port, host, () => {
  logger.info({ url: `http://${host}:${port}`, store: store.kind }, 'server listening');
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Stop accepting, let requests in flight finish (10 s at most) while the delivery worker finishes
  // the sends in flight (a send that does not finish stays pending and is sent again after the
  // restart), then close the store so every write is on disk.
  stopRetention();
  Promise.all([
    drainer.drain({ forceAfterMs: 10_000, onForce: () => logger.warn('requests still open after 10 s; closing them') }),
    worker.stop(),
  ])
    .then(() => channels.close())
    .then(() => Promise.all([store.close(), rateLimiter.close(), confirmationLimiter?.close()]))
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      logger.error({ err: error }, 'closing the store failed');
      process.exit(1);
    });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
