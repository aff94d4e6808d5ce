import type { Settings } from '../settings.ts';
import type { SqliteStoreOptions } from './sqlite-store.ts';
import { openSqliteThreadStore } from './sqlite-thread-store.ts';
import { openPostgresLeadStore, type PostgresStoreOptions } from './postgres-store.ts';
import type { LeadStore } from './types.ts';

export type {
  ConfirmationOutcome,
  DeliveryChannel,
  LeadInput,
  LeadStore,
  LeadStoreOptions,
  SaveResult,
  StoredLead,
} from './types.ts';
export { openSqliteLeadStore } from './sqlite-store.ts';
export { openSqliteThreadStore } from './sqlite-thread-store.ts';
export { openPostgresLeadStore } from './postgres-store.ts';

/** The settings that choose and size the lead store (src/server/settings.ts holds their defaults). */
export type StoreSettings = Pick<Settings, 'DATABASE_URL' | 'SQLITE_PATH' | 'PG_POOL_MAX'>;

/**
 * Opens the configured lead store and brings its schema up to date:
 * PostgreSQL when DATABASE_URL is set (PG_POOL_MAX connections), otherwise the SQLite file at
 * SQLITE_PATH (the directory is created when missing, readable by the owner only), run on a worker
 * thread that owns its connection and every statement on it (sqlite-thread-store.ts).
 * `options` set the clock and the channels each new lead is queued for, and for PostgreSQL how long
 * opening a connection may take.
 */
export async function openLeadStore(
  settings: StoreSettings,
  options: Omit<SqliteStoreOptions, 'busyTimeoutMs'> & Pick<PostgresStoreOptions, 'connectionTimeoutMs'> = {},
): Promise<LeadStore> {
  if (settings.DATABASE_URL) {
    return openPostgresLeadStore(settings.DATABASE_URL, { ...options, poolMax: settings.PG_POOL_MAX });
  }
  return openSqliteThreadStore(settings.SQLITE_PATH, options);
}

/**
 * One line saying why the configured store cannot be used, for the server and the commands to
 * print instead of a driver's stack trace. Never the DATABASE_URL (it holds a password).
 */
export function storeStartProblem(error: unknown, settings: StoreSettings): string {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; errors?: unknown };
  // A refused connection to every address of a host comes as an AggregateError of them.
  const first = Array.isArray(e.errors) ? (e.errors[0] as { code?: unknown } | undefined) : undefined;
  const code = typeof e.code === 'string' ? e.code : typeof first?.code === 'string' ? first.code : undefined;
  const message = typeof e.message === 'string' && e.message !== '' ? e.message.split('\n', 1)[0] : undefined;
  if (settings.DATABASE_URL) {
    const reason = [code, code && /^[A-Z]+$/.test(code) ? undefined : message].filter(Boolean).join(': ');
    return `Lead store error: cannot use the PostgreSQL database at DATABASE_URL (${reason || 'unknown error'}). Check the URL and that PostgreSQL is running and reachable.`;
  }
  const where = `the SQLite store at ${settings.SQLITE_PATH}`;
  if (code === 'STORE_QUICK_CHECK') {
    return `Lead store error: ${where} ${message}. Restore it from a backup (see the README's "Backups").`;
  }
  return `Lead store error: cannot open ${where} (${message ?? code ?? 'unknown error'}).`;
}
