/**
 * Backups keep the privacy policy's promise: kept 30 days at most. Each `npm run leads:backup`
 * deletes the lead-store backups in its --out folder that are older than that (by modification
 * time, which is when the backup was written). Only files that are SQLite databases holding a
 * `leads` table count as backups: anything else in the folder (notes, other databases) is left
 * alone, and so are the new backup and the live store.
 */
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export const BACKUP_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SQLITE_HEADER = 'SQLite format 3\u0000';

function startsAsSqlite(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    // Deleted since it was listed (by another run, as below): not a backup to delete.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, header, 0, header.length, 0) === header.length && header.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/** A copy of the lead store: a SQLite database with a `leads` table. */
function isLeadBackup(file: string): boolean {
  if (!startsAsSqlite(file)) return false;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    return (
      db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'leads'").get() !== undefined
    );
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/**
 * Deletes the lead-store backups in `dir` last written more than `days` days before `now`, except
 * `keep` (absolute paths). Returns the paths deleted.
 */
export function deleteExpiredBackups(
  dir: string,
  { keep, now = new Date(), days = BACKUP_RETENTION_DAYS }: { keep: readonly string[]; now?: Date; days?: number },
): string[] {
  const kept = new Set(keep.map((file) => path.resolve(file)));
  const cutoff = now.getTime() - days * DAY_MS;
  const deleted: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (!entry.isFile() || kept.has(file)) continue;
    // Another run backing up into the same folder renames its partial copy into place, and deletes
    // what it finds expired, between this listing and the look below: a file gone by then is skipped
    // (three runs side by side into one folder: one exited 1 in a loaded fresh-clone CI, and a file
    // listed then gone is how this loop fails there).
    const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (modified === undefined || modified >= cutoff || !isLeadBackup(file)) continue;
    rmSync(file, { force: true });
    deleted.push(file);
  }
  return deleted;
}
