/**
 * When a failed delivery is tried again, and when it is given up.
 * Waits after the 1st, 2nd, ... failure: 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h; each
 * wait varies by ±20 % so deliveries that failed together (a receiver outage) do not all come back
 * in the same second. A delivery still failing 24 h after its first attempt is dead.
 */
export interface DeliverySchedule {
  /** Waits in milliseconds after each failure; the last repeats. */
  backoffMs: readonly number[];
  /** ± fraction of each wait, e.g. 0.2. */
  jitter: number;
  /** Time after the first attempt after which a failure is final. */
  deadAfterMs: number;
  /** How long a claimed delivery is ours; longer than a send may take. */
  leaseMs: number;
  /** Longest a single send may take (SMTP or HTTP). */
  sendTimeoutMs: number;
  /** How often the worker looks for due deliveries. */
  pollMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const productionSchedule: DeliverySchedule = {
  backoffMs: [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR],
  jitter: 0.2,
  deadAfterMs: 24 * HOUR,
  leaseMs: 60 * SECOND,
  sendTimeoutMs: 10 * SECOND,
  pollMs: 1 * SECOND,
};

/** LEADS_DELIVERY_FAST (test-only): the same shape, in seconds. */
export const fastSchedule: DeliverySchedule = {
  backoffMs: [200, 400, 800, 1600],
  jitter: 0.2,
  deadAfterMs: 60 * SECOND,
  leaseMs: 3 * SECOND,
  sendTimeoutMs: 2 * SECOND,
  pollMs: 100,
};

/** The wait after `attempts` failed attempts, before jitter: its step of the schedule, the last one from then on. */
export function backoffStep(schedule: Pick<DeliverySchedule, 'backoffMs'>, attempts: number): number {
  const steps = schedule.backoffMs;
  return steps[Math.min(Math.max(attempts, 1), steps.length) - 1] ?? 0;
}

/**
 * When to try again after `attempts` failed attempts, or null when the delivery is dead.
 * `random` is in [0, 1).
 */
export function nextAttempt(
  schedule: DeliverySchedule,
  attempts: number,
  firstAttemptAt: Date,
  now: Date,
  random: () => number = Math.random,
): Date | null {
  if (now.getTime() - firstAttemptAt.getTime() >= schedule.deadAfterMs) return null;
  const wait = backoffStep(schedule, attempts) * (1 + schedule.jitter * (2 * random() - 1));
  const at = now.getTime() + Math.round(wait);
  // The last try is the one that crosses 24 h: never schedule one far past it.
  return new Date(Math.min(at, firstAttemptAt.getTime() + schedule.deadAfterMs));
}
