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
}

/**
 * Where leads live. Two implementations: SQLite (embedded default) and PostgreSQL (shared by
 * several server instances). Both keep exactly what the visitor gave plus id, time, program and
 * idempotency key: no IP address, no user agent.
 */
export interface LeadStore {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Stores a lead durably before resolving. The same idempotency key again resolves with the same
   * id and `created: false` and stores nothing new, also when the calls race each other.
   */
  save(lead: LeadInput, idempotencyKey: string): Promise<SaveResult>;
  /** Leads oldest first, optionally only those created at or after `since`. */
  list(options?: { since?: Date }): Promise<StoredLead[]>;
  count(): Promise<number>;
  /** Rejects when the store does not answer (used by /healthz). */
  ping(): Promise<void>;
  /** SQLite: PRAGMA integrity_check is "ok". PostgreSQL: a query on the leads table succeeds. */
  checkIntegrity(): Promise<boolean>;
  close(): Promise<void>;
}
