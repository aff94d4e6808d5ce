import { rmSync } from 'node:fs';
import path from 'node:path';

/** The start of the name of the folder a Playwright run keeps its servers' SQLite stores in (playwright.config.ts). */
export const E2E_STORE_PREFIX = 'humanwise-e2e-';

/**
 * Playwright's global teardown, in the runner process once every test has run: removes the run's
 * store folder when this run made it (its name carries the runner's process id). A folder named by
 * E2E_SQLITE_PATH from outside is the caller's, and stays.
 */
export default function removeRunStores(): void {
  const stores = path.dirname(process.env.E2E_SQLITE_PATH ?? '');
  if (path.basename(stores).startsWith(`${E2E_STORE_PREFIX}${process.pid}-`)) {
    rmSync(stores, { recursive: true, force: true });
  }
}
