/**
 * Files for the lead-store backup tests (tests/unit/server/commands/backup.test.ts and
 * tests/unit/server/leads/backup-retention.test.ts): SQLite files, and their age as retention
 * reads it (the modification time).
 */
import { utimesSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sets a file's modification time to `days` days ago, as if written then. */
export function age(file: string, days: number): void {
  const at = new Date(Date.now() - days * DAY_MS);
  utimesSync(file, at, at);
}

/** A SQLite file holding one empty table; with `leads`, what retention takes for a lead-store backup. */
export function sqliteFile(file: string, table: string): void {
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE ${table} (id TEXT)`);
  db.close();
}
