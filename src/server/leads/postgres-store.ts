import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { recipientKey } from './canonical-address.ts';
import { pendingMigrations } from './migrations.ts';
import type { WaitlistValues } from '../../lib/waitlist/schema.ts';
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
  type DeliveryChannel,
  type LeadInput,
  type LeadStore,
  type LeadStoreOptions,
  type SaveOptions,
  type SaveResult,
  type StoredLead,
} from './types.ts';

/** Arbitrary constant naming this application's migration lock (pg_advisory_xact_lock). */
const MIGRATION_LOCK_ID = 7_340_118_205;
/**
 * Arbitrary constant naming the lock that serializes queueing visitor confirmations across
 * instances, so two saves cannot both see room under the per-address rule or the hourly cap.
 */
const CONFIRMATION_LOCK_ID = 7_340_118_119;

/**
 * How long opening a PostgreSQL connection may take, at start-up too: long enough for a database that
 * is slow to accept (a restart, a busy host) without holding a request for ever. The rate limiter's
 * own pool uses it as well (src/server/waitlist/rate-limiter.ts).
 */
export const PG_CONNECTION_TIMEOUT_MS = 5000;

export interface PostgresStoreOptions extends LeadStoreOptions {
  /** Most connections this process opens. Default 10 (`PG_POOL_MAX`). */
  poolMax?: number;
  /** How long to wait for a connection before failing. Default `PG_CONNECTION_TIMEOUT_MS`. */
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

/** early_access is a boolean column; unanswered is null. */
const earlyAccessOrNull: EarlyAccessValue = (value) => value ?? null;

/** Connects to PostgreSQL and migrates the lead store. */
export async function openPostgresLeadStore(
  connectionString: string,
  options: PostgresStoreOptions = {},
): Promise<LeadStore> {
  const now = options.now ?? (() => new Date());
  const channels = [...new Set(options.channels ?? [])];
  const pool = new pg.Pool({
    connectionString,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? PG_CONNECTION_TIMEOUT_MS,
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
  const correctSql = `UPDATE leads SET ${FORM_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ')}
    WHERE id = $1 RETURNING *`;
  const queueSql = `INSERT INTO lead_deliveries (id, lead_id, channel, status, created_at, next_attempt_at)
    VALUES ($1, $2, $3, 'pending', $4, $4) ON CONFLICT (lead_id, channel) DO NOTHING`;
  let closed = false;

  const open = () => {
    if (closed) throw new Error('The lead store is closed.');
  };

  /** Runs `work` on one connection inside one transaction: all of it is stored, or none. */
  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  const confirmationsPerHour = options.confirmationsPerHour ?? DEFAULT_CONFIRMATIONS_PER_HOUR;

  /** Queues the lead's deliveries; says what became of its visitor confirmation. */
  async function queueFor(
    client: pg.PoolClient,
    leadId: string,
    email: string,
    at: Date,
    confirm: boolean,
  ): Promise<ConfirmationOutcome | undefined> {
    let confirmation: ConfirmationOutcome | undefined;
    for (const channel of channels) {
      if (channel !== 'visitor-email') {
        await client.query(queueSql, [randomUUID(), leadId, channel, at]);
        continue;
      }
      if (!confirm) {
        confirmation = 'declined';
        continue;
      }
      const key = recipientKey(email);
      await client.query('SELECT pg_advisory_xact_lock($1)', [CONFIRMATION_LOCK_ID]);
      const counts = await client.query<{ recent: boolean; hour: string }>(
        `SELECT EXISTS (SELECT 1 FROM lead_deliveries
                         WHERE recipient_key = $1 AND channel = 'visitor-email' AND created_at > $2) AS recent,
                (SELECT count(*) FROM lead_deliveries
                  WHERE channel = 'visitor-email' AND created_at > $3) AS hour`,
        [key, new Date(at.getTime() - VISITOR_EMAIL_WINDOW_MS), new Date(at.getTime() - CONFIRMATION_CAP_WINDOW_MS)],
      );
      const row = counts.rows[0];
      if (row?.recent) confirmation = 'recent';
      else if (Number(row?.hour ?? 0) >= confirmationsPerHour) confirmation = 'capped';
      else {
        await client.query(
          `INSERT INTO lead_deliveries (id, lead_id, channel, status, created_at, next_attempt_at, recipient_key)
           VALUES ($1, $2, 'visitor-email', 'pending', $3, $3, $4) ON CONFLICT (lead_id, channel) DO NOTHING`,
          [randomUUID(), leadId, at, key],
        );
        confirmation = 'queued';
      }
    }
    return confirmation;
  }

  async function deleteWhere(where: string, value: unknown) {
    return transaction(async (client) => {
      const deliveries = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM lead_deliveries WHERE lead_id IN (SELECT id FROM leads WHERE ${where})`,
        [value],
      );
      const leads = await client.query(`DELETE FROM leads WHERE ${where}`, [value]);
      return { leads: leads.rowCount ?? 0, deliveries: Number(deliveries.rows[0]?.n ?? 0) };
    });
  }

  return {
    kind: 'postgres',

    async save(lead: LeadInput, idempotencyKey: string, saveOptions: SaveOptions = {}): Promise<SaveResult> {
      open();
      // A conflicting insert waits for the other transaction. If that one rolled back, our insert
      // succeeds instead; if it committed, the lookup finds its row. Retry covers the rare case of a
      // row that vanished between the two statements.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const at = now();
        const id = randomUUID();
        const values = leadValues(id, at.toISOString(), lead, idempotencyKey, earlyAccessOrNull);
        const result = await transaction(async (client): Promise<SaveResult | null> => {
          const inserted = await client.query<{ id: string }>(insertSql, values);
          if (inserted.rows[0]) {
            const confirmation = await queueFor(client, id, lead.email, at, saveOptions.confirm !== false);
            return {
              id: String(inserted.rows[0].id),
              created: true,
              sameLead: true,
              ...(confirmation && { confirmation }),
            };
          }
          const existing = await client.query<LeadRow>('SELECT * FROM leads WHERE idempotency_key = $1', [
            idempotencyKey,
          ]);
          const row = existing.rows[0];
          if (!row) return null;
          return {
            id: String(row.id),
            created: false,
            sameLead: leadIdentity(rowToLead(row)) === leadIdentity(lead),
          };
        });
        if (result) return result;
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

    async get(id: string): Promise<StoredLead | undefined> {
      open();
      const result = await pool.query<LeadRow>('SELECT * FROM leads WHERE id = $1', [id]);
      return result.rows[0] ? rowToLead(result.rows[0]) : undefined;
    },

    async findByEmail(email: string): Promise<StoredLead[]> {
      open();
      const result = await pool.query<LeadRow>(
        'SELECT * FROM leads WHERE lower(email) = lower($1) ORDER BY created_at, id',
        [email],
      );
      return result.rows.map(rowToLead);
    },

    async deleteByEmail(email: string) {
      open();
      return deleteWhere('lower(email) = lower($1)', email);
    },

    async correct(id: string, values: WaitlistValues): Promise<StoredLead | undefined> {
      open();
      // One statement, so one transaction: every answer is replaced, or none is. created_at is not
      // among the columns set, so the retention clock stays where the submission started it.
      const result = await pool.query<LeadRow>(correctSql, [id, ...formValues(values, earlyAccessOrNull)]);
      return result.rows[0] ? rowToLead(result.rows[0]) : undefined;
    },

    async purge(before: Date) {
      open();
      return deleteWhere('created_at < $1', before);
    },

    async claimDeliveries(limit: number, leaseMs: number) {
      open();
      const at = now();
      // SKIP LOCKED: instances claiming at the same moment take different rows instead of waiting;
      // the lease (next_attempt_at moved past it) keeps a claimed row out of everyone else's reach
      // until it is sent, failed, or its sender has been gone longer than the lease.
      const result = await pool.query<DeliveryRow>(
        `UPDATE lead_deliveries d
         SET attempts = d.attempts + 1, next_attempt_at = $2, first_attempt_at = coalesce(d.first_attempt_at, $1),
             lease_token = gen_random_uuid()
         WHERE d.id IN (
           SELECT id FROM lead_deliveries WHERE status = 'pending' AND next_attempt_at <= $1
           ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
         ) AND d.status = 'pending'
         RETURNING d.*`,
        [at, new Date(at.getTime() + leaseMs), limit],
      );
      return result.rows.map(rowToClaimed);
    },

    async completeDelivery(id: string) {
      open();
      await pool.query(
        `UPDATE lead_deliveries SET status = 'sent', sent_at = $2, lease_token = NULL, last_error = NULL WHERE id = $1`,
        [id, now()],
      );
    },

    async failDelivery(id: string, leaseToken: string, error: string, retryAt: Date | null) {
      open();
      await pool.query(
        `UPDATE lead_deliveries SET status = $3, next_attempt_at = $4, last_error = $5, lease_token = NULL
         WHERE id = $1 AND lease_token = $2 AND status = 'pending'`,
        [id, leaseToken, retryAt ? 'pending' : 'dead', retryAt ?? now(), error.slice(0, 300)],
      );
    },

    async refuseDelivery(id: string, leaseToken: string, error: string) {
      open();
      await pool.query(
        `UPDATE lead_deliveries SET status = 'refused', next_attempt_at = $3, last_error = $4, lease_token = NULL
         WHERE id = $1 AND lease_token = $2 AND status = 'pending'`,
        [id, leaseToken, now(), error.slice(0, 300)],
      );
    },

    async listDeliveries() {
      open();
      const result = await pool.query<DeliveryRow>(
        `SELECT * FROM lead_deliveries WHERE status IN ('pending', 'dead') ORDER BY created_at, id`,
      );
      return result.rows.map(rowToDeliveryInfo);
    },

    async deliveryHealth() {
      open();
      const result = await pool.query<{ pending: string; dead: string; oldest: Date | null }>(
        `SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'dead') AS dead,
                min(created_at) FILTER (WHERE status = 'pending') AS oldest
         FROM lead_deliveries`,
      );
      const row = result.rows[0];
      return {
        pending: Number(row?.pending ?? 0),
        dead: Number(row?.dead ?? 0),
        oldestPendingSeconds: row?.oldest
          ? Math.max(0, Math.round((now().getTime() - row.oldest.getTime()) / 1000))
          : null,
      };
    },

    async retryDead() {
      open();
      const result = await pool.query(
        `UPDATE lead_deliveries SET status = 'pending', next_attempt_at = $1, first_attempt_at = NULL, attempts = 0
         WHERE status = 'dead'`,
        [now()],
      );
      return result.rowCount ?? 0;
    },

    async backfill(list: readonly DeliveryChannel[], from?: Date) {
      open();
      const at = now();
      return transaction(async (client) => {
        let queued = 0;
        for (const channel of new Set(list)) {
          const result = await client.query(
            `INSERT INTO lead_deliveries (id, lead_id, channel, status, created_at, next_attempt_at)
             SELECT gen_random_uuid(), l.id, $1, 'pending', $2, $2 FROM leads l
             WHERE l.created_at >= $3
               AND NOT EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.id AND d.channel = $1)
             ON CONFLICT (lead_id, channel) DO NOTHING`,
            [channel, at, from ?? new Date(0)],
          );
          queued += result.rowCount ?? 0;
        }
        return queued;
      });
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
