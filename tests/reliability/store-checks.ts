/**
 * The checks scenarios end with on the store: every acknowledged lead is there, none twice, and
 * (after a run) the store's row count and integrity.
 */
import type { Report } from './report.ts';
import { withStore, type StoreInstance } from './stores.ts';
import { compareWithStore, type Ack, type StoreComparison } from './submissions.ts';

/** Every acknowledged lead found (check named `storedCheck`), and no visitor's lead stored twice. */
export function checkAcknowledgedStored(
  report: Report,
  comparison: StoreComparison,
  storedCheck: string,
  duplicateCheck = 'none stored twice',
): void {
  report.check(storedCheck, comparison.missing.length === 0, `${comparison.missing.length} missing`);
  report.check(duplicateCheck, comparison.duplicated.length === 0, `${comparison.duplicated.length} duplicated`);
}

/**
 * Reads the store once a run is over: records its rows, checks every acknowledgement against it and
 * its integrity. Returns the comparison for the scenario's own checks.
 */
export async function checkStoreAfterRun(
  report: Report,
  store: StoreInstance,
  acks: readonly Ack[],
): Promise<StoreComparison> {
  const { comparison, integrity } = await withStore(store, async (s) => ({
    comparison: compareWithStore(acks, await s.list()),
    integrity: await s.checkIntegrity(),
  }));
  report.figure('rows in store', comparison.rows);
  checkAcknowledgedStored(report, comparison, 'every acknowledged submission is in the store');
  report.check('store passes its integrity check', integrity);
  return comparison;
}
