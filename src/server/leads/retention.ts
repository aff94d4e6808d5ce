/**
 * Retention, as the privacy policy states it: a lead is deleted LEADS_RETENTION_DAYS (default 730,
 * 24 months) after it was submitted, with its deliveries. The server purges at start-up and then
 * once a day; `npm run leads:purge` does the same on demand.
 */
import type { DeletedCounts, LeadStore } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which leads are past retention. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** When a lead submitted at `submittedAt` is past retention: the first purge after it deletes it. */
export function retentionEnd(submittedAt: Date, retentionDays: number): Date {
  return new Date(submittedAt.getTime() + retentionDays * DAY_MS);
}

export function purgeExpired(store: LeadStore, retentionDays: number, now: Date): Promise<DeletedCounts> {
  return store.purge(retentionCutoff(now, retentionDays));
}

export interface RetentionOptions {
  store: LeadStore;
  retentionDays: number;
  now?: () => Date;
  everyMs?: number;
  log: (result: DeletedCounts | { error: string }) => void;
}

/** Purges now and then every `everyMs` (a day). Returns a function that stops it. */
export function startRetention(options: RetentionOptions): () => void {
  const now = options.now ?? (() => new Date());
  const run = () =>
    purgeExpired(options.store, options.retentionDays, now()).then(options.log, (error: unknown) =>
      options.log({ error: error instanceof Error ? error.message : 'unknown error' }),
    );
  void run();
  const timer = setInterval(run, options.everyMs ?? DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
