/** What the operator commands share: exit codes, output and the configured store (their options: command-args.ts). */
import { loadSettings, settingsOrExit, type Settings } from '../settings.ts';
import { openLeadStore, type LeadStore } from '../leads/store.ts';

/** Runs `main` and exits with its code; an error prints its message only and exits 1. */
export async function runCommand(label: string, main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    // The error's message only: a driver error could otherwise echo a query's values.
    process.stderr.write(`${label} failed: ${error instanceof Error ? error.message : 'unknown error'}\n`);
    process.exitCode = 1;
  }
}

/**
 * How long a command waits for a PostgreSQL connection to open. The server's 5 s keep a visitor's
 * request from hanging; an operator's command has no visitor waiting, and on a busy host (a backup,
 * a deploy, CI's suites side by side) opening one has taken longer: better to wait than to stop
 * with nothing done ("Connection terminated due to connection timeout").
 */
export const COMMAND_CONNECTION_TIMEOUT_MS = 30_000;

/** The configured store, opened for a command (`COMMAND_CONNECTION_TIMEOUT_MS`). */
export function openCommandStore(settings: Settings): Promise<LeadStore> {
  return openLeadStore(settings, { connectionTimeoutMs: COMMAND_CONNECTION_TIMEOUT_MS });
}

/** Runs `work` on the configured store and exits with its code; errors print their message only. */
export async function runWithStore(label: string, work: (store: LeadStore, settings: Settings) => Promise<number>) {
  const settings = settingsOrExit(loadSettings);
  await runCommand(label, async () => {
    const store = await openCommandStore(settings);
    try {
      return await work(store, settings);
    } finally {
      await store.close();
    }
  });
}

export function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
}

/**
 * The `--since YYYY-MM-DD` option of leads:export and leads:deliveries: that day at midnight UTC.
 * Throws on anything else (including 2025-02-30).
 */
export function parseSinceDate(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(`${value}T00:00:00.000Z`) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new Error(`--since must be a date written YYYY-MM-DD, got "${value}"`);
  }
  return date;
}
