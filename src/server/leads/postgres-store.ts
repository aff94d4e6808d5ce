import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pendingMigrations } from './migrations.ts';
import { LEAD_COLUMNS, leadValues, rowToLead, type LeadRow } from './rows.ts';
import type { LeadInput, LeadStore, SaveResult, StoredLead } from './types.ts';

/** Arbitrary constant naming this application's migration lock (pg_advisory_xact_lock). */
const MIGRATION_LOCK_ID = 7_340_118_205;

export interface PostgresStoreOptions {
  /** Most connections this process opens. Default 10 (`PG_POOL_MAX`). */
  poolMax?: number;
  /** How long to wait for a connection before failing. Default 5000 ms. */
  connectionTimeoutMs?: number;
}

async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Several instances starting together: the first takes the lock and migrates, the others wait
    // here until it commits and then find nothing left to apply.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer     PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    for (const migration of pendingMigrations(rows.map((row) => Number(row.version)))) {
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Connects to PostgreSQL and migrates the lead store. */
export async function openPostgresLeadStore(
  connectionString: string,
  options: PostgresStoreOptions = {},
): Promise<LeadStore> {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection dropped by the database must not crash the process; the next query
  // simply opens a new one (and /healthz reports trouble if that fails).
  pool.on('error', () => {});

  try {
    await runMigrations(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  const placeholders = LEAD_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  const insertSql = `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${placeholders})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id`;
  let closed = false;

  const open = () => {
    if (closed) throw new Error('The lead store is closed.');
  };

  return {
    kind: 'postgres',

    async save(lead: LeadInput, idempotencyKey: string): Promise<SaveResult> {
      open();
      // A conflicting insert waits for the other transaction. If that one rolled back, our insert
      // succeeds instead; if it committed, the lookup finds its row. Retry covers the rare case of a
      // row that vanished between the two statements.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const id = randomUUID();
        const values = leadValues(id, new Date().toISOString(), lead, idempotencyKey, (v) => v ?? null);
        const inserted = await pool.query<{ id: string }>(insertSql, values);
        if (inserted.rows[0]) return { id: String(inserted.rows[0].id), created: true };
        const existing = await pool.query<{ id: string }>('SELECT id FROM leads WHERE idempotency_key = $1', [
          idempotencyKey,
        ]);
        if (existing.rows[0]) return { id: String(existing.rows[0].id), created: false };
      }
      throw new Error('The lead store could not settle a duplicate idempotency key.');
    },

    async list(options?: { since?: Date }): Promise<StoredLead[]> {
      open();
      const result = options?.since
        ? await pool.query<LeadRow>('SELECT * FROM leads WHERE created_at >= $1 ORDER BY created_at, id', [
            options.since,
          ])
        : await pool.query<LeadRow>('SELECT * FROM leads ORDER BY created_at, id');
      return result.rows.map(rowToLead);
    },

    async count(): Promise<number> {
      open();
      const result = await pool.query<{ n: string }>('SELECT count(*) AS n FROM leads');
      return Number(result.rows[0]?.n ?? 0);
    },

    async ping(): Promise<void> {
      open();
      await pool.query('SELECT 1');
    },

    async checkIntegrity(): Promise<boolean> {
      try {
        open();
        await pool.query('SELECT count(*) FROM leads');
        return true;
      } catch {
        return false;
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
