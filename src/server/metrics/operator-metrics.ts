/**
 * The operator's metrics, in Prometheus's format through prom-client: request latency, what became
 * of each waiting-list submission, each delivery attempt, the outbox, the Point of View feed and
 * Node's own figures. Each server instance has its own registry (Prometheus tells instances apart
 * by the `instance` label it adds when it scrapes); the outbox gauges are read from the shared
 * store at scrape time, so every instance reports the same, true numbers (alert on their max()).
 * No label ever carries personal data or a value a request chose beyond a fixed set.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryEvent } from '../delivery/worker.ts';
import type { DeliveryHealth } from '../leads/types.ts';

/** What became of one waiting-list post (decode rejections count as `invalid`). */
const submissionOutcomes = [
  'stored',
  'duplicate',
  'invalid',
  'rate_limited',
  'honeypot',
  'key_conflict',
  'store_error',
] as const;
export type SubmissionOutcome = (typeof submissionOutcomes)[number];

// A visitor confirmation the mail server refused for good (a bad address) is `refused`, never
// `dead`: counted as dead, anyone typing bad addresses fed LeadDeliveriesFailing (retry|dead),
// which the refusal rule exists to prevent (README, "Lead delivery").
const deliveryOutcomes = { delivered: 'sent', retry: 'retry', dead: 'dead', refused: 'refused' } as const;
export type FeedFetchOutcome = 'ok' | 'error';

/** Methods reported by name; any other is `other`, so a request cannot invent label values. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface OperatorMetricsOptions {
  /**
   * The outbox as the shared store sees it, asked at each scrape. It should check the store as
   * /healthz does: a rejection sets lead_store_up to 0.
   */
  outbox: () => Promise<DeliveryHealth>;
  now?: () => number;
  /** Node's default metrics (event-loop lag, memory, GC). Default true; tests may leave them out. */
  nodeDefaults?: boolean;
}

export interface OperatorMetrics {
  readonly registry: Registry;
  observeRequest(route: string, method: string | undefined, status: number, seconds: number): void;
  countSubmission(outcome: SubmissionOutcome): void;
  /** Counts one event of the delivery worker (a worker error, with no channel, is not a delivery). */
  recordDeliveryEvent(event: DeliveryEvent): void;
  countFeedFetch(outcome: FeedFetchOutcome): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export function createOperatorMetrics(options: OperatorMetricsOptions): OperatorMetrics {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  const registers = [registry];
  if (options.nodeDefaults ?? true) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const submissions = new Counter({
    name: 'waitlist_submissions_total',
    help: 'Waiting-list posts by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every outcome from zero, so rate() and the "no stored lead for 14 days" alert see a series
  // from the first scrape on.
  for (const outcome of submissionOutcomes) submissions.inc({ outcome }, 0);
  const deliveries = new Counter({
    name: 'lead_deliveries_total',
    help: 'Delivery attempts by channel and outcome (sent, retry: failed and rescheduled, dead: given up, refused: a visitor address refused for good).',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  const feedFetches = new Counter({
    name: 'pov_feed_fetches_total',
    help: 'Fetches of the Point of View feed from the blog host, by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['ok', 'error'] as const) feedFetches.inc({ outcome }, 0);

  // One store query per scrape for the three outbox gauges: prom-client collects every metric of a
  // scrape at once, so the first gauge's query is shared by the others while it runs.
  let outboxRead: Promise<DeliveryHealth | undefined> | undefined;
  function readOutbox(): Promise<DeliveryHealth | undefined> {
    outboxRead ??= options
      .outbox()
      // A store that does not answer leaves the gauges as they were; /healthz reports the store.
      .catch(() => undefined)
      .finally(() => {
        outboxRead = undefined;
      });
    return outboxRead;
  }
  new Gauge({
    name: 'lead_outbox_pending',
    help: 'Deliveries waiting to be sent (never tried or failed and rescheduled), in the shared store.',
    registers,
    async collect() {
      const outbox = await readOutbox();
      if (outbox) this.set(outbox.pending);
    },
  });
  new Gauge({
    name: 'lead_outbox_oldest_pending_age_seconds',
    help: 'Seconds since the oldest pending delivery was queued; 0 when none is pending.',
    registers,
    async collect() {
      const outbox = await readOutbox();
      if (outbox) this.set(outbox.oldestPendingSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'lead_deliveries_dead',
    help: 'Deliveries given up after 24 h of failures, waiting for "npm run leads:deliveries -- --retry-dead".',
    registers,
    async collect() {
      const outbox = await readOutbox();
      if (outbox) this.set(outbox.dead);
    },
  });

  // The outbox read doubles as the store's health check: without it a store that fails between
  // submissions (a full disk, PostgreSQL gone) would leave every alert silent until a visitor is
  // turned away, and the outbox gauges above keep their last value.
  new Gauge({
    name: 'lead_store_up',
    help: '1 when this instance read the lead store at this scrape (as /healthz does), 0 when it did not answer.',
    registers,
    async collect() {
      this.set((await readOutbox()) ? 1 : 0);
    },
  });

  const startedAt = now();
  let lastGoodFetchAt: number | undefined;
  new Gauge({
    name: 'pov_feed_age_seconds',
    help: 'Seconds since this instance last fetched the feed successfully (since it started, before the first success).',
    registers,
    collect() {
      this.set((now() - (lastGoodFetchAt ?? startedAt)) / 1000);
    },
  });

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requestDuration.observe(
        {
          route,
          method: method && knownMethods.has(method) ? method : 'other',
          status_class: `${Math.floor(status / 100)}xx`,
        },
        seconds,
      );
    },
    countSubmission(outcome) {
      submissions.inc({ outcome });
    },
    recordDeliveryEvent(event) {
      if (event.channel && event.event !== 'worker-error') {
        deliveries.inc({ channel: event.channel, outcome: deliveryOutcomes[event.event] });
      }
    },
    countFeedFetch(outcome) {
      feedFetches.inc({ outcome });
      if (outcome === 'ok') lastGoodFetchAt = now();
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
