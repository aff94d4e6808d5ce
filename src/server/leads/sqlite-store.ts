import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { pendingMigrations } from './migrations.ts';
import { LEAD_COLUMNS, leadValues, rowToLead, type LeadRow } from './rows.ts';
import type { LeadInput, LeadStore, SaveResult, StoredLead } from './types.ts';

export interface SqliteStoreOptions {
  /** Milliseconds to wait for a lock held by another connection or process. Default 5000. */
  busyTimeoutMs?: number;
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

function runMigrations(db: DatabaseSync): void {
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
      record.run(migration.version, new Date().toISOString());
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** Opens (creating the directory and file if needed) and migrates the SQLite lead store. */
export function openSqliteLeadStore(file: string, options: SqliteStoreOptions = {}): SqliteLeadStore {
  const location = file === ':memory:' ? file : path.resolve(file);
  if (location !== ':memory:') mkdirSync(path.dirname(location), { recursive: true });

  const db = new DatabaseSync(location);
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
    db.exec('PRAGMA journal_mode = WAL');
    // FULL: every commit is fsynced before it returns, so a saved lead survives a crash or power loss.
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    runMigrations(db);
  } catch (error) {
    db.close();
    throw error;
  }

  const placeholders = LEAD_COLUMNS.map(() => '?').join(', ');
  const insert = db.prepare(
    `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${placeholders})
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id`,
  );
  const byKey = db.prepare('SELECT id FROM leads WHERE idempotency_key = ?');
  const all = db.prepare('SELECT * FROM leads ORDER BY created_at, rowid');
  const since = db.prepare('SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, rowid');
  const count = db.prepare('SELECT count(*) AS n FROM leads');
  let closed = false;

  const open = () => {
    if (closed) throw new Error('The lead store is closed.');
  };

  return {
    kind: 'sqlite',

    async save(lead: LeadInput, idempotencyKey: string): Promise<SaveResult> {
      open();
      const id = randomUUID();
      const values = leadValues(id, new Date().toISOString(), lead, idempotencyKey, (v) =>
        v === undefined ? null : v ? 1 : 0,
      );
      // node:sqlite is synchronous: the statement (and its fsync) completes before we go on, and
      // calls within this process cannot interleave. The UNIQUE key settles races between processes.
      const inserted = insert.get(...(values as (string | number | null)[]));
      if (inserted) return { id: String(inserted.id), created: true };
      const existing = byKey.get(idempotencyKey);
      if (!existing) throw new Error('The lead store reported a duplicate key it cannot find.');
      return { id: String(existing.id), created: false };
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

    async ping(): Promise<void> {
      open();
      db.prepare('SELECT 1').get();
    },

    async checkIntegrity(): Promise<boolean> {
      open();
      const rows = db.prepare('PRAGMA integrity_check').all();
      return rows.length === 1 && rows[0]?.integrity_check === 'ok';
    },

    async inTransaction<T>(work: () => Promise<T>): Promise<T> {
      open();
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },

    async inSavepoint<T>(work: () => Promise<T>): Promise<T> {
      open();
      db.exec('SAVEPOINT call');
      try {
        const result = await work();
        db.exec('RELEASE call');
        return result;
      } catch (error) {
        // Some errors (disk full, I/O) end the whole transaction; then there is nothing to undo here.
        if (db.isTransaction) db.exec('ROLLBACK TO call; RELEASE call');
        throw error;
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
