/**
 * submit: the business of joining the waiting list, with no HTTP in it. Takes a decoded candidate
 * and the client it came from, returns what happened.
 */
import { randomUUID } from 'node:crypto';
import { validateWaitlist, type WaitlistErrors } from '../../lib/waitlist/schema.ts';
import type { ConfirmationOutcome, LeadStore, SaveResult } from '../leads/store.ts';
import { confirmationGroup } from './confirmation-group.ts';
import type { WaitlistCandidate } from './decode.ts';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the next attempt would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
}

/** Promise-returning, so a limiter with a shared store (several server instances) fits as well as memory. */
export interface SubmissionRateLimiter {
  /** Counts one submission for `client` and says whether it is within the limit. */
  check(client: string): Promise<RateLimitDecision>;
  /** Says whether one more submission would be allowed, counting nothing. */
  peek(client: string): Promise<RateLimitDecision>;
}

export type SubmitOutcome =
  /** Saved now (`stored`) or earlier under the same idempotency key (`duplicate`). */
  | { kind: 'stored' | 'duplicate'; id: string; program: string | null }
  /** A bot filled the hidden field: answered like a success, nothing saved. */
  | { kind: 'honeypot'; id: string; program: string | null }
  | { kind: 'invalid'; errors: WaitlistErrors }
  /** The idempotency key already stored a different lead (the validated fields plus the program). */
  | { kind: 'key_conflict'; id: string }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  /** The store did not take it; `storeError` says why, in words safe to log (describeStoreError). */
  | { kind: 'store_error'; storeError: string };

export type Submit = (candidate: WaitlistCandidate, client: string) => Promise<SubmitOutcome>;

export interface WaitlistSubmitterOptions {
  store: LeadStore;
  rateLimiter: SubmissionRateLimiter;
  /**
   * Limits visitor confirmations per client network (an IPv6 /48, an IPv4 address): past it, the
   * lead is stored and delivered to the team as always, without a confirmation.
   */
  confirmations?: SubmissionRateLimiter;
  /**
   * Called once a new lead (not a repeat of an idempotency key) is stored, with its id, what
   * became of its visitor confirmation and its program: the server wakes the delivery worker here, so the lead's
   * deliveries go out at once instead of at the worker's next poll. The deliveries themselves are
   * already in the outbox: a missed call only delays them.
   */
  onStored?: (leadId: string, confirmation: ConfirmationOutcome | undefined, program: string | null) => void;
}

/**
 * What the log may say of a store failure: the error's code (PostgreSQL's SQLSTATE, a system call's,
 * node:sqlite's with SQLite's own name for its result code), or, for an error without one, its
 * message: the pool's "timeout exceeded when trying to connect", "Connection terminated
 * unexpectedly", the stores' own. Never the message of an error with a code: PostgreSQL's may quote
 * the value it refused, and values are the visitor's.
 */
export function describeStoreError(error: unknown): string {
  const { code, errstr, message } = (error ?? {}) as { code?: unknown; errstr?: unknown; message?: unknown };
  if (typeof code === 'string') return typeof errstr === 'string' ? `${code} (${errstr})` : code;
  return typeof message === 'string' && message ? message : 'unknown';
}

export function createWaitlistSubmitter({
  store,
  rateLimiter,
  confirmations,
  onStored,
}: WaitlistSubmitterOptions): Submit {
  return async (candidate, client) => {
    // A client already past the limit is turned away whatever it sends.
    const early = await rateLimiter.peek(client);
    if (!early.allowed) return { kind: 'rate_limited', retryAfterSeconds: early.retryAfterSeconds };

    const result = validateWaitlist(candidate.fields);
    if (!result.ok) return { kind: 'invalid', errors: result.errors };

    // Only valid submissions count towards the limit, so correcting a typo costs nothing.
    const decision = await rateLimiter.check(client);
    if (!decision.allowed) return { kind: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };

    const { program } = candidate;
    if (candidate.honeypot) return { kind: 'honeypot', id: randomUUID(), program };
    let saved: SaveResult;
    try {
      const confirm = confirmations ? (await confirmations.check(confirmationGroup(client))).allowed : true;
      saved = await store.save(
        { ...result.data, sourceProgram: program },
        candidate.idempotencyKey ?? `server-${randomUUID()}`,
        { confirm },
      );
    } catch (error) {
      return { kind: 'store_error', storeError: describeStoreError(error) };
    }
    if (!saved.created)
      return saved.sameLead ? { kind: 'duplicate', id: saved.id, program } : { kind: 'key_conflict', id: saved.id };
    onStored?.(saved.id, saved.confirmation, program);
    return { kind: 'stored', id: saved.id, program };
  };
}
