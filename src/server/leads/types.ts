import type { WaitlistValues } from '../../lib/waitlist/schema.ts';

/** A validated waiting-list submission plus the program page it came from. */
export interface LeadInput extends WaitlistValues {
  sourceProgram: string | null;
}

export interface StoredLead extends LeadInput {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export interface SaveResult {
  id: string;
  /** false when the idempotency key was already stored: nothing new was written. */
  created: boolean;
  /**
   * With `created: false`: whether the stored lead under that key is the same lead (the validated
   * fields plus the program). A different one is a conflict the caller answers with 422.
   */
  sameLead: boolean;
  /**
   * With `created: true` and the visitor-email channel on: whether the lead's confirmation was
   * queued, or why not (one already went to that address within 24 h; the site-wide hourly cap
   * is reached; the caller declined it, e.g. its network had too many).
   */
  confirmation?: ConfirmationOutcome;
}

/**
 * Where a lead is delivered. `team-email` and `webhook` tell the firm; `visitor-email` is the
 * optional confirmation to the visitor.
 */
export type DeliveryChannel = 'team-email' | 'webhook' | 'visitor-email';

/** A delivery the worker has leased: it alone may send it until the lease (claimDeliveries' `leaseMs`) ends. */
export interface ClaimedDelivery {
  id: string;
  leadId: string;
  channel: DeliveryChannel;
  /** Attempts so far, this one included. */
  attempts: number;
  /** ISO 8601: when this delivery was first tried (this attempt, for the first one). */
  firstAttemptAt: string;
  /** Proves the lease is still ours when we report a failure. */
  leaseToken: string;
}

/** One outbox row as operators see it: no personal data beyond the lead id. */
export interface DeliveryInfo {
  id: string;
  leadId: string;
  channel: DeliveryChannel;
  status: 'pending' | 'sent' | 'dead' | 'refused';
  attempts: number;
  createdAt: string;
  nextAttemptAt: string | null;
  lastError: string | null;
}

export interface DeliveryHealth {
  pending: number;
  dead: number;
  /** Seconds since the oldest pending delivery was queued; null when nothing is pending. */
  oldestPendingSeconds: number | null;
}

export interface DeletedCounts {
  leads: number;
  deliveries: number;
}

export interface LeadStoreOptions {
  /** The clock for createdAt, retention and delivery scheduling (tests pass a fixed one). */
  now?: () => Date;
  /** Channels each new lead is queued for, in the same transaction as the lead. Default none. */
  channels?: readonly DeliveryChannel[];
  /** Most visitor confirmations queued site-wide per hour (LEADS_CONFIRM_MAX_PER_HOUR). Default 30. */
  confirmationsPerHour?: number;
}

export type ConfirmationOutcome = 'queued' | 'recent' | 'capped' | 'declined';

/** What a save may ask beyond the lead itself. */
export interface SaveOptions {
  /** false: queue no visitor confirmation for this lead (the team channels as always). */
  confirm?: boolean;
}

/** How long a visitor confirmation blocks another one to the same address. */
export const VISITOR_EMAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The window of the site-wide confirmation cap, and its default. */
export const CONFIRMATION_CAP_WINDOW_MS = 60 * 60 * 1000;
export const DEFAULT_CONFIRMATIONS_PER_HOUR = 30;

/**
 * Where leads live. Two implementations: SQLite (embedded default) and PostgreSQL (shared by
 * several server instances). Both keep exactly what the visitor gave plus id, time, program and
 * idempotency key: no IP address, no user agent. The outbox (`lead_deliveries`) references leads
 * and holds no copy of their data.
 */
export interface LeadStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Stores a lead durably before resolving, together with one pending delivery per configured
   * channel (one transaction). The same idempotency key again resolves with the same id and
   * `created: false` and stores nothing new, also when the calls race each other. A visitor
   * confirmation is queued at most once per canonical address per 24 hours, and at most
   * `confirmationsPerHour` site-wide.
   */
  save(lead: LeadInput, idempotencyKey: string, options?: SaveOptions): Promise<SaveResult>;
  /** Leads oldest first, optionally only those created at or after `since`. */
  list(options?: { since?: Date }): Promise<StoredLead[]>;
  count(): Promise<number>;
  /** One lead by id (the worker builds each message from it when it sends). */
  get(id: string): Promise<StoredLead | undefined>;
  /** Every lead whose e-mail address matches, ignoring case. */
  findByEmail(email: string): Promise<StoredLead[]>;
  /** Deletes every lead whose address matches (ignoring case) and all their deliveries. */
  deleteByEmail(email: string): Promise<DeletedCounts>;
  /**
   * Replaces the answers of the lead `id` with `values` (validated by the caller, as for `save`), in
   * one statement: all of them or, on failure, none. Its id, submission time (so its retention
   * period), program, idempotency key and deliveries stay as they are. Resolves with the corrected
   * lead, or undefined when there is no such lead.
   */
  correct(id: string, values: WaitlistValues): Promise<StoredLead | undefined>;
  /** Deletes leads submitted before `before`, and their deliveries. */
  purge(before: Date): Promise<DeletedCounts>;
  /** Leases up to `limit` due deliveries for `leaseMs`. */
  claimDeliveries(limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Records a delivery as sent. */
  completeDelivery(id: string): Promise<void>;
  /** Records a failed attempt: retried at `retryAt`, or dead when `retryAt` is null. */
  failDelivery(id: string, leaseToken: string, error: string, retryAt: Date | null): Promise<void>;
  /** Records a final refusal (a visitor's mail server refused the address): not retried, not dead. */
  refuseDelivery(id: string, leaseToken: string, error: string): Promise<void>;
  /** Pending (never tried or failed) and dead deliveries, oldest first. */
  listDeliveries(): Promise<DeliveryInfo[]>;
  deliveryHealth(): Promise<DeliveryHealth>;
  /** Puts dead deliveries back in the queue, due now, with a fresh 24 h. Returns how many. */
  retryDead(): Promise<number>;
  /** Queues `channels` for stored leads (submitted since `since`) that have no such delivery yet. */
  backfill(channels: readonly DeliveryChannel[], since?: Date): Promise<number>;
  /** Rejects when the store does not answer (used by /healthz). */
  ping(): Promise<void>;
  /** SQLite: PRAGMA integrity_check is "ok". PostgreSQL: a query on the leads table succeeds. */
  checkIntegrity(): Promise<boolean>;
  close(): Promise<void>;
}
