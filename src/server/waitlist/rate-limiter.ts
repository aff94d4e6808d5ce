/**
 * Where the waiting list's rate-limit counts are kept (the client key itself comes from
 * src/server/http/client-key.ts).
 *
 * - With PostgreSQL (`DATABASE_URL`), the counts live in one table every instance shares, so N
 *   instances still allow `limit` submissions per client per window, not N x `limit`.
 *   rate-limiter-flexible's PostgreSQL store keeps them (an atomic upsert per attempt) and deletes
 *   rows that expired over an hour ago every 5 minutes.
 * - Without it (SQLite: one instance), the counts live in this process's memory.
 *
 * When PostgreSQL cannot answer within `timeoutMs` (down, unreachable, overloaded), the limiter
 * falls back to an in-memory limit for this instance: a lead is never refused or lost because the
 * limiter's store is in trouble. That is the library's own "insurance limiter".
 */
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import { PG_CONNECTION_TIMEOUT_MS } from '../leads/postgres-store.ts';
import type { RateLimitDecision, SubmissionRateLimiter } from './submit.ts';

export type { RateLimitDecision } from './submit.ts';

/** What submit.ts needs (check, peek), plus upkeep. */
export interface WaitlistRateLimiter extends SubmissionRateLimiter {
  readonly kind: 'memory' | 'postgres';
  /** Deletes counts whose window ended before `before` (PostgreSQL also does this every 5 minutes). */
  purgeExpired(before?: Date): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimiterSettings {
  /** Attempts allowed per window and key; 0 turns limiting off. */
  limit: number;
  windowMs: number;
}

export interface PostgresRateLimiterOptions extends RateLimiterSettings {
  databaseUrl: string;
  /** How long PostgreSQL gets to answer before the in-memory fallback decides. Default 1000 ms. */
  timeoutMs?: number;
  /**
   * How long opening a connection may take, at start-up too. Default the lead store's
   * (`PG_CONNECTION_TIMEOUT_MS`): a server booting while PostgreSQL is slow to accept should start,
   * not give up after `timeoutMs`.
   */
  connectionTimeoutMs?: number;
  /** Table holding the counts (created when missing). Default `waitlist_rate_limit`. */
  tableName?: string;
  /** Told (at most once a minute) when the fallback decided because PostgreSQL did not answer. */
  onFallback?: (error: unknown) => void;
}

const ALLOW: RateLimitDecision = { allowed: true, retryAfterSeconds: 0 };
const KEY_PREFIX = 'waitlist';

const retryAfter = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));

type Limiter = Pick<RateLimiterMemory, 'consume' | 'get'>;

function decide(limiter: Limiter, limit: number, onError: (error: unknown) => void) {
  return {
    async check(key: string): Promise<RateLimitDecision> {
      if (limit <= 0) return ALLOW;
      try {
        await limiter.consume(key);
        return ALLOW;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: retryAfter(outcome.msBeforeNext) };
        // Neither PostgreSQL nor the fallback answered: let the lead through rather than lose it.
        onError(outcome);
        return ALLOW;
      }
    },
    async peek(key: string): Promise<RateLimitDecision> {
      if (limit <= 0) return ALLOW;
      try {
        const state = await limiter.get(key);
        if (state && state.consumedPoints >= limit) {
          return { allowed: false, retryAfterSeconds: retryAfter(state.msBeforeNext) };
        }
        return ALLOW;
      } catch (error) {
        onError(error);
        return ALLOW;
      }
    },
  };
}

const memoryOptions = ({ limit, windowMs }: RateLimiterSettings) => ({
  keyPrefix: KEY_PREFIX,
  points: Math.max(1, limit),
  duration: Math.max(1, Math.ceil(windowMs / 1000)),
});

/** Counts in this process's memory (one instance, or SQLite). */
export function createMemoryRateLimiter(settings: RateLimiterSettings): WaitlistRateLimiter {
  const limiter = new RateLimiterMemory(memoryOptions(settings));
  // Memory counts expire on their own timers.
  return {
    kind: 'memory',
    ...decide(limiter, settings.limit, () => {}),
    purgeExpired: async () => {},
    close: async () => {},
  };
}

/**
 * Creates the counts' table when it is missing, with the library's own statement, on a connection of
 * its own whose queries get the start-up allowance (`connectionTimeoutMs`) rather than a decision's
 * `timeoutMs`: on a busy database that statement has taken longer than a decision may, and a
 * limiter that could not make its table would stop the server from starting.
 */
async function createTable(
  settings: RateLimiterSettings & { databaseUrl: string; tableName: string },
  connectionTimeoutMs: number,
): Promise<void> {
  const setup = new pg.Pool({
    connectionString: settings.databaseUrl,
    max: 1,
    connectionTimeoutMillis: connectionTimeoutMs,
    query_timeout: connectionTimeoutMs,
  });
  setup.on('error', () => {});
  try {
    await new Promise<void>((resolve, reject) => {
      new RateLimiterPostgres(
        { ...memoryOptions(settings), storeClient: setup, storeType: 'pool', tableName: settings.tableName },
        (error?: unknown) => (error ? reject(error) : resolve()),
      );
    });
  } finally {
    await setup.end().catch(() => {});
  }
}

/**
 * Counts in PostgreSQL, shared by every instance; falls back to this instance's memory when
 * PostgreSQL does not answer. Resolves once the table exists (rejects when PostgreSQL is not
 * reachable at start-up, like the lead store).
 */
export async function createPostgresRateLimiter(options: PostgresRateLimiterOptions): Promise<WaitlistRateLimiter> {
  const timeoutMs = options.timeoutMs ?? 1000;
  const connectionTimeoutMs = options.connectionTimeoutMs ?? PG_CONNECTION_TIMEOUT_MS;
  const tableName = options.tableName ?? 'waitlist_rate_limit';
  await createTable({ ...options, tableName }, connectionTimeoutMs);
  // Its own small pool: a burst of leads holding the store's connections must not starve the
  // limiter into its fallback, and a limiter query must never wait behind a lead's transaction.
  // A decision never waits longer than `timeoutMs` for a connection either: the timeout wrapper
  // below lets the fallback decide, while the connection goes on opening for the next one.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 4,
    connectionTimeoutMillis: connectionTimeoutMs,
    query_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => {});

  let lastWarned = 0;
  const warn = (error: unknown) => {
    const now = Date.now();
    if (now - lastWarned < 60_000) return;
    lastWarned = now;
    options.onFallback?.(error);
  };

  /** The in-memory fallback; it tells `warn` each time it has to decide. */
  class FallbackLimiter extends RateLimiterMemory {
    override consume(...args: Parameters<RateLimiterMemory['consume']>) {
      warn(new Error('PostgreSQL did not answer the rate limiter'));
      return super.consume(...args);
    }
    override get(...args: Parameters<RateLimiterMemory['get']>) {
      warn(new Error('PostgreSQL did not answer the rate limiter'));
      return super.get(...args);
    }
  }

  const store = new RateLimiterPostgres({
    ...memoryOptions(options),
    storeClient: pool,
    storeType: 'pool',
    tableName,
    tableCreated: true,
    clearExpiredByTimeout: true,
  });
  const limiter = new RLWrapperTimeouts({
    limiter: store,
    timeoutMs,
    insuranceLimiter: new FallbackLimiter(memoryOptions(options)),
  });

  return {
    kind: 'postgres',
    ...decide(limiter, options.limit, warn),
    // clearExpired is the library's own purge (its timer calls it); its typings leave it out.
    purgeExpired: (before = new Date()) =>
      (store as unknown as { clearExpired(expire: number): Promise<void> }).clearExpired(before.getTime()),
    async close() {
      clearTimeout((store as unknown as { _clearExpiredTimeoutId?: NodeJS.Timeout })._clearExpiredTimeoutId);
      await pool.end();
    },
  };
}

/** PostgreSQL-backed when `databaseUrl` is set, in memory otherwise. */
export function openWaitlistRateLimiter(
  options: RateLimiterSettings & {
    databaseUrl?: string | undefined;
    onFallback?: PostgresRateLimiterOptions['onFallback'];
    /** The PostgreSQL table; one per kind of count (submissions, confirmations). */
    tableName?: string;
  },
): Promise<WaitlistRateLimiter> {
  if (options.databaseUrl && options.limit > 0) {
    const { limit, windowMs, databaseUrl, onFallback, tableName } = options;
    return createPostgresRateLimiter({
      limit,
      windowMs,
      databaseUrl,
      ...(onFallback ? { onFallback } : {}),
      ...(tableName ? { tableName } : {}),
    });
  }
  return Promise.resolve(createMemoryRateLimiter(options));
}
