/**
 * The delivery worker: runs inside the server, takes due deliveries from the outbox, builds each
 * message from the stored lead and sends it, and records the outcome. At least once: a delivery is
 * marked sent only after the receiver accepted it, so a crash between the two sends it again, with
 * the same delivery id. Several servers on one PostgreSQL each claim different rows (see the store).
 */
import type { ClaimedDelivery, DeliveryChannel, LeadStore, StoredLead } from '../leads/types.ts';
import { DeliveryError } from './delivery-error.ts';
import { nextAttempt, type DeliverySchedule } from './schedule.ts';

export interface DeliveryEvent {
  event: 'delivered' | 'retry' | 'dead' | 'refused' | 'worker-error';
  delivery?: string;
  lead?: string;
  channel?: DeliveryChannel;
  attempt?: number;
  /** ISO 8601: when the delivery's current round of attempts began (reset by `--retry-dead`). */
  firstAttemptAt?: string;
  error?: string;
  retryAt?: string;
}

export interface WorkerOptions {
  store: LeadStore;
  send(channel: DeliveryChannel, deliveryId: string, lead: StoredLead, at: Date): Promise<void>;
  schedule: DeliverySchedule;
  now?: () => Date;
  random?: () => number;
  /** Deliveries claimed (and sent concurrently) per round. Default 10. */
  batch?: number;
  log?: (event: DeliveryEvent) => void;
}

export interface DeliveryWorker {
  start(): void;
  /** Stops claiming; resolves once the sends in flight have finished and been recorded. */
  stop(): Promise<void>;
  /** One round: claim, send, record. Resolves with how many deliveries it handled. */
  runOnce(): Promise<number>;
  /** Looks for due deliveries now instead of at the next poll (a lead was just stored). */
  nudge(): void;
}

export function createDeliveryWorker(options: WorkerOptions): DeliveryWorker {
  const { store, send, schedule } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const batch = options.batch ?? 10;
  const log = options.log ?? (() => {});
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  // A nudge that came while a round was running: look again at once instead of sleeping.
  let nudged = false;

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const base = {
      delivery: delivery.id,
      lead: delivery.leadId,
      channel: delivery.channel,
      attempt: delivery.attempts,
      firstAttemptAt: delivery.firstAttemptAt,
    };
    try {
      const lead = await store.get(delivery.leadId);
      // Deleted since it was queued (a deletion request): its deliveries went with it.
      if (!lead) return;
      await send(delivery.channel, delivery.id, lead, now());
    } catch (error) {
      const message = error instanceof Error ? error.message : 'unknown error';
      const permanent = error instanceof DeliveryError && error.permanent;
      const retryAt = permanent
        ? null
        : nextAttempt(schedule, delivery.attempts, new Date(delivery.firstAttemptAt), now(), random);
      if (permanent || (!retryAt && delivery.channel === 'visitor-email')) {
        // Given up as refused, never dead: retrying cannot help a refused address, and a visitor
        // confirmation out of retries is no lead the team lacks. Neither a bad address nor a mail
        // server answering 4xx for ever (anyone can run one) may raise the dead-delivery alarm.
        await store.refuseDelivery(delivery.id, delivery.leaseToken, message);
        log({ ...base, event: 'refused', error: message });
        return;
      }
      await store.failDelivery(delivery.id, delivery.leaseToken, message, retryAt);
      if (retryAt) log({ ...base, event: 'retry', error: message, retryAt: retryAt.toISOString() });
      else log({ ...base, event: 'dead', error: message });
      return;
    }
    await store.completeDelivery(delivery.id);
    log({ ...base, event: 'delivered' });
  }

  async function runOnce(): Promise<number> {
    const claimed = await store.claimDeliveries(batch, schedule.leaseMs);
    await Promise.all(claimed.map((delivery) => deliver(delivery)));
    return claimed.length;
  }

  async function run(): Promise<void> {
    while (running) {
      nudged = false;
      let handled = 0;
      try {
        handled = await runOnce();
      } catch (error) {
        // The store is down or closing: wait a round and look again; the rows stay in the outbox.
        log({ event: 'worker-error', error: error instanceof Error ? error.message : 'unknown error' });
      }
      if (!running) break;
      if (handled === 0 && !nudged) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, schedule.pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
    runOnce,
    nudge() {
      nudged = true;
      wake?.();
    },
  };
}
