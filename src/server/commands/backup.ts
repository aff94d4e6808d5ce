/**
 * `npm run leads:backup -- --out FILE`
 *
 * A consistent copy of the SQLite lead store, safe while the server runs: SQLite's online backup
 * (node:sqlite's backup()) copies the database page by page and restarts if a write lands
 * mid-copy, so the file is always one committed state, never a torn one. The copy goes to a
 * new owner-only file beside FILE, is checked (PRAGMA integrity_check), then renamed into place.
 *
 * It refuses an --out that is the live store or its -wal/-shm files (links resolved: writing there
 * once replaced the live file under the running server and made every lead unreadable), a
 * symbolic link, and any existing file unless --force is given.
 *
 * PostgreSQL is backed up with its own tool, pg_dump (README, "Backups").
 */
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { loadSettings, settingsOrExit } from '../settings.ts';
import { checkNotTheStore, checkTarget, partialPathFor, RefusedTarget } from '../leads/private-file.ts';
import { commandArgs } from './command-args.ts';
import { runCommand } from './command-line.ts';
import { BACKUP_RETENTION_DAYS, deleteExpiredBackups } from '../leads/backup-retention.ts';

const USAGE = `Usage: npm run leads:backup -- --out FILE

  --out FILE   where to write the copy (readable by its owner only); never the store itself
               or its -wal/-shm files, never through a symbolic link
  --force      replace FILE if it exists (without it, an existing FILE is refused)
  --help       show this help

Backups in FILE's folder older than ${BACKUP_RETENTION_DAYS} days are deleted (the privacy policy's promise).

Copies the SQLite store at SQLITE_PATH (default ./data/leads.sqlite), also while the server runs.
With DATABASE_URL set, back up PostgreSQL with pg_dump instead (see the README, "Backups").`;

async function main(): Promise<number> {
  const args = commandArgs({ out: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } }, USAGE);
  if (typeof args === 'number') return args;
  if (!args.out) {
    process.stderr.write(`--out FILE is required.\n\n${USAGE}\n`);
    return 2;
  }
  const settings = settingsOrExit(loadSettings);
  if (settings.DATABASE_URL) {
    process.stderr.write(
      'DATABASE_URL is set: the leads are in PostgreSQL. Back them up with pg_dump "$DATABASE_URL" --format=custom --file=FILE (README, "Backups").\n',
    );
    return 2;
  }
  const source = path.resolve(settings.SQLITE_PATH);
  if (!existsSync(source)) {
    process.stderr.write(`No lead store at ${source} (SQLITE_PATH): nothing to back up.\n`);
    return 1;
  }

  const out = path.resolve(args.out);
  const overwrite = args.force === true;
  const refused = (error: unknown): number => {
    if (!(error instanceof RefusedTarget)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  };
  try {
    checkNotTheStore(out, source);
    checkTarget(out, { overwrite });
  } catch (error) {
    return refused(error);
  }
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = partialPathFor(out);
  // Created here, exclusively and owner-only, so the copy is private from its first page.
  closeSync(openSync(partial, 'wx', 0o600));
  const db = new DatabaseSync(source);
  try {
    // Wait for the server's write lock instead of failing at once.
    db.exec('PRAGMA busy_timeout = 5000');
    await backup(db, partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }

  const copy = new DatabaseSync(partial);
  let leads: number;
  try {
    const check = copy.prepare('PRAGMA integrity_check').get();
    if (check?.integrity_check !== 'ok') throw new Error('the copy failed its integrity check');
    leads = Number(copy.prepare('SELECT count(*) AS n FROM leads').get()?.n ?? 0);
  } catch (error) {
    copy.close();
    rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  try {
    // Again just before the rename: a link or file that appeared meanwhile is still refused.
    checkNotTheStore(out, source);
    checkTarget(out, { overwrite });
  } catch (error) {
    rmSync(partial, { force: true });
    return refused(error);
  }
  renameSync(partial, out);
  process.stderr.write(`Backed up ${leads} lead(s) from ${source} to ${out}\n`);
  for (const file of deleteExpiredBackups(path.dirname(out), { keep: [out, source] })) {
    process.stderr.write(`Deleted ${file}: a backup older than ${BACKUP_RETENTION_DAYS} days\n`);
  }
  return 0;
}

await runCommand('Backup', main);
