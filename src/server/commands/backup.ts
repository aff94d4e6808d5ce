/**
 * `npm run leads:backup -- --out FILE`
 *
 * A consistent copy of the SQLite lead store, safe while the server runs: SQLite's online backup
 * (node:sqlite's backup()) copies the database page by page and restarts if a write lands
 * mid-copy, so the file is always one committed state, never a torn one. The copy goes to a
 * temporary file beside FILE, is checked (PRAGMA integrity_check), then renamed into place.
 *
 * PostgreSQL is backed up with its own tool, pg_dump (README, "Backups").
 */
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { loadSettings, settingsOrExit } from '../settings.ts';
import { commandArgs, runCommand } from './command-line.ts';

const USAGE = `Usage: npm run leads:backup -- --out FILE

  --out FILE   where to write the copy (readable by its owner only; an existing file is replaced)
  --help       show this help

Copies the SQLite store at SQLITE_PATH (default ./data/leads.sqlite), also while the server runs.
With DATABASE_URL set, back up PostgreSQL with pg_dump instead (see the README, "Backups").`;

async function main(): Promise<number> {
  const args = commandArgs({ out: { type: 'string' }, help: { type: 'boolean' } }, USAGE);
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
  mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial-${process.pid}`;
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
  chmodSync(partial, 0o600);
  renameSync(partial, out);
  process.stderr.write(`Backed up ${leads} lead(s) from ${source} to ${out}\n`);
  return 0;
}

await runCommand('Backup', main);
