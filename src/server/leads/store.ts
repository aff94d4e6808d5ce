import { DEFAULT_SQLITE_PATH, openSqliteLeadStore, type SqliteStoreOptions } from './sqlite-store.ts';
import { openPostgresLeadStore } from './postgres-store.ts';
import type { LeadStore } from './types.ts';

export type {
  ClaimedDelivery,
  DeletedCounts,
  DeliveryChannel,
  DeliveryHealth,
  DeliveryInfo,
  LeadInput,
  LeadStore,
  LeadStoreOptions,
  SaveResult,
  StoredLead,
} from './types.ts';
export { deliveryChannels } from './types.ts';
export { DEFAULT_SQLITE_PATH, openSqliteLeadStore } from './sqlite-store.ts';
export { openPostgresLeadStore } from './postgres-store.ts';
export { LATEST_SCHEMA_VERSION, migrations } from './migrations.ts';

/**
 * Opens the configured lead store and brings its schema up to date:
 * PostgreSQL when DATABASE_URL is set (PG_POOL_MAX connections, default 10), otherwise the SQLite
 * file at SQLITE_PATH (default ./data/leads.sqlite; the directory is created when missing).
 * `options` set the clock and the channels each new lead is queued for.
 */
export async function openLeadStore(
  env: Record<string, string | undefined>,
  options: Omit<SqliteStoreOptions, 'busyTimeoutMs'> = {},
): Promise<LeadStore> {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const rawMax = env.PG_POOL_MAX?.trim();
    const poolMax = rawMax ? Number(rawMax) : 10;
    if (!Number.isInteger(poolMax) || poolMax < 1) {
      throw new Error(`PG_POOL_MAX must be a whole number of 1 or more, got "${rawMax}"`);
    }
    return openPostgresLeadStore(databaseUrl, { ...options, poolMax });
  }
  return openSqliteLeadStore(env.SQLITE_PATH?.trim() || DEFAULT_SQLITE_PATH, options);
}
