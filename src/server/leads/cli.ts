/** What the lead commands share: the configured store, opened from the validated settings. */
import { loadSettings, settingsOrExit, type Settings } from '../settings.ts';
import { openLeadStore, type LeadStore } from './store.ts';

/** Runs `work` on the configured store and exits with its code; errors print their message only. */
export async function runWithStore(label: string, work: (store: LeadStore, settings: Settings) => Promise<number>) {
  const settings = settingsOrExit(loadSettings);
  try {
    const store = await openLeadStore(settings);
    try {
      process.exitCode = await work(store, settings);
    } finally {
      await store.close();
    }
  } catch (error) {
    // The error's message only: a driver error could otherwise echo a query's values.
    process.stderr.write(`${label} failed: ${error instanceof Error ? error.message : 'unknown error'}\n`);
    process.exitCode = 1;
  }
}

export function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
}
