import { DEFAULT_SQLITE_PATH } from './sqlite-store.ts';
import { openSqliteThreadStore } from './sqlite-thread-store.ts';
import { openPostgresLeadStore } from './postgres-store.ts';
import type { LeadStore } from './types.ts';

export type { LeadInput, LeadStore, SaveResult, StoredLead } from './types.ts';
export { DEFAULT_SQLITE_PATH, openSqliteLeadStore } from './sqlite-store.ts';
export { openSqliteThreadStore } from './sqlite-thread-store.ts';
export { openPostgresLeadStore } from './postgres-store.ts';
export { LATEST_SCHEMA_VERSION, migrations } from './migrations.ts';

/**
 * Opens the configured lead store and brings its schema up to date:
 * PostgreSQL when DATABASE_URL is set (PG_POOL_MAX connections, default 10), otherwise the SQLite
 * file at SQLITE_PATH (default ./data/leads.sqlite; the directory is created when missing), run on
 * a worker thread that owns its connection (sqlite-thread-store.ts).
 */
export async function openLeadStore(env: NodeJS.ProcessEnv): Promise<LeadStore> {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    const rawMax = env.PG_POOL_MAX?.trim();
    const poolMax = rawMax ? Number(rawMax) : 10;
    if (!Number.isInteger(poolMax) || poolMax < 1) {
      throw new Error(`PG_POOL_MAX must be a whole number of 1 or more, got "${rawMax}"`);
    }
    return openPostgresLeadStore(databaseUrl, { poolMax });
  }
  return openSqliteThreadStore(env.SQLITE_PATH?.trim() || DEFAULT_SQLITE_PATH);
}
