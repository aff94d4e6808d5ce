import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { WaitlistValues } from '../../lib/waitlist/schema.ts';
import { securePrivateStore } from './file-permissions.ts';
import { recipientKey } from './canonical-address.ts';
import { pendingMigrations } from './migrations.ts';
import {
  FORM_COLUMNS,
  formValues,
  LEAD_COLUMNS,
  leadIdentity,
  leadValues,
  rowToClaimed,
  rowToDeliveryInfo,
  rowToLead,
  type DeliveryRow,
  type EarlyAccessValue,
  type LeadRow,
} from './rows.ts';
import {
  CONFIRMATION_CAP_WINDOW_MS,
  type ConfirmationOutcome,
  DEFAULT_CONFIRMATIONS_PER_HOUR,
  VISITOR_EMAIL_WINDOW_MS,
  type DeletedCounts,
  type DeliveryChannel,
  type LeadInput,
  type LeadStore,
  type LeadStoreOptions,
  type SaveOptions,
  type SaveResult,
  type StoredLead,
} from './types.ts';

export interface SqliteStoreOptions extends LeadStoreOptions {
  /** Milliseconds to wait for a lock held by another connection or process. Default 5000. */
  busyTimeoutMs?: number;
  /** Told which paths had wider permissions than the owner's and were narrowed. */
  onNarrowed?: (paths: string[]) => void;
  /** Told of the store's directory when it is readable by others but shared with other files (left as it is). */
  onSharedDirectory?: (dir: string) => void;
}

/**
 * The SQLite store plus what group commit needs (src/server/leads/sqlite-worker.ts): every method
 * does all its statements synchronously before its promise settles, so a batch of calls can share
 * one transaction. A method with several statements of its own must use SAVEPOINT/RELEASE (which
 * nest inside a batch's transaction, and act as BEGIN/COMMIT outside one), never BEGIN/COMMIT.
 */
export interface SqliteLeadStore extends LeadStore {
  /**
   * Runs `work` inside one write transaction (BEGIN IMMEDIATE ... COMMIT): one fsync for everything
   * it wrote. Rolls back and rejects when `work` or the commit fails.
   */
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` inside a savepoint: a failure undoes only its own writes, then rejects. */
  inSavepoint<T>(work: () => Promise<T>): Promise<T>;
}

function runMigrations(db: DatabaseSync, now: () => Date): void {
  // BEGIN IMMEDIATE takes the write lock first, so two processes opening the same file at once
  // cannot both apply a migration; the second waits (busy_timeout) and then finds nothing to do.
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY NOT NULL,
      applied_at TEXT    NOT NULL
    )`);
    const applied = db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => Number(row.version));
    const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
    for (const migration of pendingMigrations(applied)) {
      db.exec(migration.sqlite);
      record.run(migration.version, now().toISOString());
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** SQLite's quick_check found damage; the message lists the first problems it reported. */
class StoreCheckError extends Error {
  readonly code = 'STORE_QUICK_CHECK';
  constructor(problems: string) {
    super(`failed SQLite's quick_check (${problems})`);
    this.name = 'StoreCheckError';
  }
}

/** Device and inode of a file, or 'missing'. */
function fileIdentity(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return 'missing';
  }
}

/** SQLite has no boolean: early access is stored as 1 or 0, unanswered as null. */
const earlyAccessBit: EarlyAccessValue = (value) => (value === undefined ? null : value ? 1 : 0);

/** The statements that open, keep and undo one unit of work. */
interface Bracket {
  begin: string;
  commit: string;
  undo: string;
}

const WHOLE_TRANSACTION: Bracket = { begin: 'BEGIN IMMEDIATE', commit: 'COMMIT', undo: 'ROLLBACK' };
const savepoint = (name: string): Bracket => ({
  begin: `SAVEPOINT ${name}`,
  commit: `RELEASE ${name}`,
  undo: `ROLLBACK TO ${name}; RELEASE ${name}`,
});

/**
 * Opens (creating the directory and file if needed, readable by the owner only) and migrates the
 * SQLite lead store. Every method is a few statements on one connection, so the store can live in
 * whichever thread owns that connection; nothing is kept in memory between calls.
 */
export function openSqliteLeadStore(file: string, options: SqliteStoreOptions = {}): SqliteLeadStore {
  const location = file === ':memory:' ? file : path.resolve(file);
  const now = options.now ?? (() => new Date());
  const channels = [...new Set(options.channels ?? [])];
  if (location !== ':memory:') {
    const { narrowed, sharedDirectory } = securePrivateStore(location);
    if (narrowed.length > 0) options.onNarrowed?.(narrowed);
    if (sharedDirectory) options.onSharedDirectory?.(sharedDirectory);
  }

  const db = new DatabaseSync(location);
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
    db.exec('PRAGMA journal_mode = WAL');
    // FULL: every commit is fsynced before it returns, so a saved lead survives a crash or power loss.
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    // A deleted lead is overwritten, not only unlinked: without it, its text stays readable in the
    // file's free pages, and every later backup (which copies pages, free ones too) would carry it.
    db.exec('PRAGMA secure_delete = ON');
    // A damaged store is refused at start rather than served (and written into) until a read fails.
    const problems = db.prepare('PRAGMA quick_check(3)').all();
    if (problems.length !== 1 || problems[0]?.quick_check !== 'ok') {
      throw new StoreCheckError(problems.map((row) => String(row.quick_check)).join('; '));
    }
    runMigrations(db, now);
  } catch (error) {
    db.close();
    throw error;
  }
  // The WAL and -shm files exist now; narrow them too if an older copy left them wide.
  if (location !== ':memory:') securePrivateStore(location);
  // Which file this connection holds: one moved or copied over the path later is another store.
  const identity = location === ':memory:' ? undefined : fileIdentity(location);

  const placeholders = LEAD_COLUMNS.map(() => '?').join(', ');
  const insert = db.prepare(
    `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${placeholders})
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id`,
  );
  const byKey = db.prepare('SELECT * FROM leads WHERE idempotency_key = ?');
  const byId = db.prepare('SELECT * FROM leads WHERE id = ?');
  const byEmail = db.prepare('SELECT * FROM leads WHERE lower(email) = lower(?) ORDER BY created_at, rowid');
  const all = db.prepare('SELECT * FROM leads ORDER BY created_at, rowid');
  const since = db.prepare('SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, rowid');
  const count = db.prepare('SELECT count(*) AS n FROM leads');
  const queue = db.prepare(
    `INSERT INTO lead_deliveries (id, lead_id, channel, status, created_at, next_attempt_at)
     VALUES (?, ?, ?, 'pending', ?, ?) ON CONFLICT (lead_id, channel) DO NOTHING`,
  );
  const queueConfirmation = db.prepare(
    `INSERT INTO lead_deliveries (id, lead_id, channel, status, created_at, next_attempt_at, recipient_key)
     VALUES (?, ?, 'visitor-email', 'pending', ?, ?, ?) ON CONFLICT (lead_id, channel) DO NOTHING`,
  );
  const recentConfirmation = db.prepare(
    `SELECT 1 FROM lead_deliveries
     WHERE recipient_key = ? AND channel = 'visitor-email' AND created_at > ? LIMIT 1`,
  );
  const confirmationsSince = db.prepare(
    `SELECT count(*) AS n FROM lead_deliveries WHERE channel = 'visitor-email' AND created_at > ?`,
  );
  const confirmationsPerHour = options.confirmationsPerHour ?? DEFAULT_CONFIRMATIONS_PER_HOUR;
  const dueIds = db.prepare(
    `SELECT id FROM lead_deliveries WHERE status = 'pending' AND next_attempt_at <= ?
     ORDER BY next_attempt_at LIMIT ?`,
  );
  const lease = db.prepare(
    `UPDATE lead_deliveries
     SET attempts = attempts + 1, next_attempt_at = ?, first_attempt_at = coalesce(first_attempt_at, ?), lease_token = ?
     WHERE id = ? AND status = 'pending' RETURNING *`,
  );
  const complete = db.prepare(
    `UPDATE lead_deliveries SET status = 'sent', sent_at = ?, lease_token = NULL, last_error = NULL WHERE id = ?`,
  );
  const fail = db.prepare(
    `UPDATE lead_deliveries SET status = ?, next_attempt_at = ?, last_error = ?, lease_token = NULL
     WHERE id = ? AND lease_token = ? AND status = 'pending'`,
  );
  const openDeliveries = db.prepare(
    `SELECT * FROM lead_deliveries WHERE status IN ('pending', 'dead') ORDER BY created_at, rowid`,
  );
  const health = db.prepare(
    `SELECT sum(status = 'pending') AS pending, sum(status = 'dead') AS dead,
            min(CASE WHEN status = 'pending' THEN created_at END) AS oldest
     FROM lead_deliveries`,
  );
  const retryDead = db.prepare(
    `UPDATE lead_deliveries SET status = 'pending', next_attempt_at = ?, first_attempt_at = NULL, attempts = 0
     WHERE status = 'dead'`,
  );
  const countDeliveriesOf = db.prepare(
    'SELECT count(*) AS n FROM lead_deliveries WHERE lead_id IN (SELECT id FROM leads WHERE lower(email) = lower(?))',
  );
  const deleteByEmail = db.prepare('DELETE FROM leads WHERE lower(email) = lower(?)');
  const correctById = db.prepare(
    `UPDATE leads SET ${FORM_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE id = ? RETURNING *`,
  );
  const countDeliveriesBefore = db.prepare(
    'SELECT count(*) AS n FROM lead_deliveries WHERE lead_id IN (SELECT id FROM leads WHERE created_at < ?)',
  );
  const deleteBefore = db.prepare('DELETE FROM leads WHERE created_at < ?');
  const unqueued = db.prepare(
    `SELECT id FROM leads WHERE created_at >= ?
     AND NOT EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = leads.id AND d.channel = ?)
     ORDER BY created_at, rowid`,
  );
  let closed = false;
  const readLatest = db.prepare('SELECT id FROM leads ORDER BY rowid DESC LIMIT 1');
  const readLatestDelivery = db.prepare('SELECT id FROM lead_deliveries ORDER BY rowid DESC LIMIT 1');

  const open = () => {
    if (closed) throw new Error('The lead store is closed.');
  };

  /**
   * After leads were deleted or corrected: the write-ahead log still holds the pages they were
   * written in (until SQLite happens to overwrite them), so it is checkpointed into the file, whose
   * freed space secure_delete has zeroed, and truncated. Best effort: a checkpoint that a reader
   * holds up leaves the log for the next one; the change itself is committed either way.
   */
  function eraseWrittenCopies(): void {
    if (location === ':memory:' || db.isTransaction) return;
    try {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } catch {
      // The next deletion, the next automatic checkpoint or the server's close does it.
    }
  }

  /** `counts`, once the deleted leads' old pages are erased (when any lead went). */
  function erasedAfter(counts: DeletedCounts): DeletedCounts {
    if (counts.leads > 0) eraseWrittenCopies();
    return counts;
  }

  /**
   * Runs `work` in one write transaction: all of it is stored, or none. Inside a group commit's
   * transaction (the worker thread, `inTransaction`) it is a savepoint instead, so it nests.
   */
  function transaction<T>(work: () => T): T {
    return bracketed(db.isTransaction ? savepoint('work') : WHOLE_TRANSACTION, work);
  }

  /**
   * Runs `work` (synchronous, or a promise) between `begin` and `commit`; when it or the commit
   * fails, undoes it, unless the error (disk full, I/O) already ended the whole transaction.
   */
  function bracketed<T>(sql: Bracket, work: () => T): T {
    const commit = <V>(value: V): V => {
      db.exec(sql.commit);
      return value;
    };
    const undo = (error: unknown): never => {
      if (db.isTransaction) db.exec(sql.undo);
      throw error;
    };
    db.exec(sql.begin);
    try {
      const result = work();
      if (result instanceof Promise) return result.then(commit).catch(undo) as T;
      return commit(result);
    } catch (error) {
      return undo(error);
    }
  }

  /**
   * Queues the lead's deliveries; says what became of its visitor confirmation. The transaction
   * around it (one writer at a time in SQLite) keeps the count and the insert together.
   */
  function queueFor(
    leadId: string,
    email: string,
    list: readonly DeliveryChannel[],
    at: Date,
    confirm: boolean,
  ): ConfirmationOutcome | undefined {
    const stamp = at.toISOString();
    let confirmation: ConfirmationOutcome | undefined;
    for (const channel of list) {
      if (channel !== 'visitor-email') {
        queue.run(randomUUID(), leadId, channel, stamp, stamp);
        continue;
      }
      const key = recipientKey(email);
      if (!confirm) confirmation = 'declined';
      else if (recentConfirmation.get(key, new Date(at.getTime() - VISITOR_EMAIL_WINDOW_MS).toISOString())) {
        confirmation = 'recent';
      } else if (
        Number(confirmationsSince.get(new Date(at.getTime() - CONFIRMATION_CAP_WINDOW_MS).toISOString())?.n) >=
        confirmationsPerHour
      ) {
        confirmation = 'capped';
      } else {
        queueConfirmation.run(randomUUID(), leadId, stamp, stamp, key);
        confirmation = 'queued';
      }
    }
    return confirmation;
  }

  /**
   * Throws when the file at SQLITE_PATH is no longer the one this connection writes to: a file moved
   * over it (a backup or a restore written onto the live store) leaves this server writing into a
   * deleted file, which no later start can read. A lead saved there would be acknowledged and lost;
   * refused, the visitor is asked to try again and keeps what they typed. One stat, next to the fsync.
   */
  function assertStillTheFile(): void {
    if (identity !== undefined && fileIdentity(location) !== identity) {
      throw new Error('The file at SQLITE_PATH is no longer the store this server opened (replaced or removed).');
    }
  }

  return {
    kind: 'sqlite',

    async save(lead: LeadInput, idempotencyKey: string, saveOptions: SaveOptions = {}): Promise<SaveResult> {
      open();
      assertStillTheFile();
      const at = now();
      const id = randomUUID();
      const values = leadValues(id, at.toISOString(), lead, idempotencyKey, earlyAccessBit);
      // node:sqlite is synchronous: the transaction (and its fsync) completes before we go on, and
      // calls within this process cannot interleave. The UNIQUE key settles races between processes.
      return transaction(() => {
        const inserted = insert.get(...(values as (string | number | null)[]));
        if (inserted) {
          const confirmation = queueFor(id, lead.email, channels, at, saveOptions.confirm !== false);
          return { id: String(inserted.id), created: true, sameLead: true, ...(confirmation && { confirmation }) };
        }
        const existing = byKey.get(idempotencyKey) as unknown as LeadRow | undefined;
        if (!existing) throw new Error('The lead store reported a duplicate key it cannot find.');
        return {
          id: String(existing.id),
          created: false,
          sameLead: leadIdentity(rowToLead(existing)) === leadIdentity(lead),
        };
      });
    },

    async list(options?: { since?: Date }): Promise<StoredLead[]> {
      open();
      const rows = options?.since ? since.all(options.since.toISOString()) : all.all();
      return rows.map((row) => rowToLead(row as unknown as LeadRow));
    },

    async count(): Promise<number> {
      open();
      return Number(count.get()?.n ?? 0);
    },

    async get(id: string): Promise<StoredLead | undefined> {
      open();
      const row = byId.get(id);
      return row ? rowToLead(row as unknown as LeadRow) : undefined;
    },

    async findByEmail(email: string): Promise<StoredLead[]> {
      open();
      return byEmail.all(email).map((row) => rowToLead(row as unknown as LeadRow));
    },

    async deleteByEmail(email: string) {
      open();
      return erasedAfter(
        transaction(() => {
          const deliveries = Number(countDeliveriesOf.get(email)?.n ?? 0);
          const leads = Number(deleteByEmail.run(email).changes);
          return { leads, deliveries };
        }),
      );
    },

    async correct(id: string, values: WaitlistValues): Promise<StoredLead | undefined> {
      open();
      // One statement, so one transaction: every answer is replaced, or (a failed constraint, a
      // full disk) none is. created_at is not among the columns set, so the retention clock stays.
      const row = correctById.get(...(formValues(values, earlyAccessBit) as (string | number | null)[]), id);
      if (!row) return undefined;
      // The inaccurate answers must not outlive the correction in the file's free space or its log,
      // from where every later backup would copy them.
      eraseWrittenCopies();
      return rowToLead(row as unknown as LeadRow);
    },

    async purge(before: Date) {
      open();
      const cut = before.toISOString();
      return erasedAfter(
        transaction(() => {
          const deliveries = Number(countDeliveriesBefore.get(cut)?.n ?? 0);
          const leads = Number(deleteBefore.run(cut).changes);
          return { leads, deliveries };
        }),
      );
    },

    async claimDeliveries(limit: number, leaseMs: number) {
      open();
      const at = now();
      const leaseEnd = new Date(at.getTime() + leaseMs).toISOString();
      return transaction(() =>
        dueIds.all(at.toISOString(), limit).flatMap((row) => {
          const claimed = lease.get(leaseEnd, at.toISOString(), randomUUID(), String(row.id));
          return claimed ? [rowToClaimed(claimed as unknown as DeliveryRow)] : [];
        }),
      );
    },

    async completeDelivery(id: string) {
      open();
      complete.run(now().toISOString(), id);
    },

    async failDelivery(id: string, leaseToken: string, error: string, retryAt: Date | null) {
      open();
      fail.run(retryAt ? 'pending' : 'dead', (retryAt ?? now()).toISOString(), error.slice(0, 300), id, leaseToken);
    },

    async refuseDelivery(id: string, leaseToken: string, error: string) {
      open();
      fail.run('refused', now().toISOString(), error.slice(0, 300), id, leaseToken);
    },

    async listDeliveries() {
      open();
      return openDeliveries.all().map((row) => rowToDeliveryInfo(row as unknown as DeliveryRow));
    },

    async deliveryHealth() {
      open();
      const row = health.get() as { pending: number | null; dead: number | null; oldest: string | null };
      return {
        pending: Number(row.pending ?? 0),
        dead: Number(row.dead ?? 0),
        oldestPendingSeconds: row.oldest
          ? Math.max(0, Math.round((now().getTime() - Date.parse(row.oldest)) / 1000))
          : null,
      };
    },

    async retryDead() {
      open();
      return Number(retryDead.run(now().toISOString()).changes);
    },

    async backfill(list: readonly DeliveryChannel[], from?: Date) {
      open();
      const at = now();
      return transaction(() => {
        let queued = 0;
        for (const channel of new Set(list)) {
          for (const row of unqueued.all((from ?? new Date(0)).toISOString(), channel)) {
            const stamp = at.toISOString();
            queued += Number(queue.run(randomUUID(), String(row.id), channel, stamp, stamp).changes);
          }
        }
        return queued;
      });
    },

    /** A real read of both tables, and the file at SQLITE_PATH is still the one this connection writes to. */
    async ping(): Promise<void> {
      open();
      readLatest.get();
      readLatestDelivery.get();
      assertStillTheFile();
    },

    async checkIntegrity(): Promise<boolean> {
      open();
      const rows = db.prepare('PRAGMA integrity_check').all();
      return rows.length === 1 && rows[0]?.integrity_check === 'ok';
    },

    async inTransaction<T>(work: () => Promise<T>): Promise<T> {
      open();
      return bracketed(WHOLE_TRANSACTION, work);
    },

    async inSavepoint<T>(work: () => Promise<T>): Promise<T> {
      open();
      return bracketed(savepoint('call'), work);
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
