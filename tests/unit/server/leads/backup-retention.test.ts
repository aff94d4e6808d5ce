/**
 * `npm run leads:backup` keeps the privacy policy's 30 days: each run deletes the lead-store
 * backups in its folder written more than 30 days ago, and nothing else.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteLeadStore } from '../../../../src/server/leads/store.ts';
import { lead } from './store-contract.ts';

const CLI = fileURLToPath(new URL('../../../../src/server/commands/backup.ts', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'leads-backup-retention-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: tempDir(), env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

/** Sets a file's modification time to `days` days ago, as if written then. */
function age(file: string, days: number) {
  const at = new Date(Date.now() - days * DAY_MS);
  utimesSync(file, at, at);
}

function sqliteFile(file: string, table: string) {
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE ${table} (id TEXT)`);
  db.close();
}

describe('npm run leads:backup keeps backups 30 days at most', () => {
  it('deletes the lead-store backups older than 30 days in its folder, and nothing else', async () => {
    const dataDir = tempDir();
    const source = path.join(dataDir, 'leads.sqlite');
    const store = openSqliteLeadStore(source);
    await store.save(lead(), randomUUID());
    await store.close();

    const backups = tempDir();
    const out = (name: string) => path.join(backups, name);
    // Earlier runs of the command: 45 and 31 days old (expired), 29 days old (kept).
    const earlier = [
      ['leads-2026-01-01.sqlite', 45],
      ['leads-2026-01-15.sqlite', 31],
      ['leads-2026-01-17.sqlite', 29],
    ] as const;
    for (const [name] of earlier) expect((await runCli(['--out', out(name)], { SQLITE_PATH: source })).code).toBe(0);
    for (const [name, days] of earlier) age(out(name), days);
    // Old files that are not lead backups stay whatever their age.
    writeFileSync(out('README.txt'), 'Backups of the lead store; see the site README.\n');
    age(out('README.txt'), 400);
    sqliteFile(out('other-app.sqlite'), 'orders');
    age(out('other-app.sqlite'), 400);

    const { code, stderr } = await runCli(['--out', out('leads-2026-02-16.sqlite')], { SQLITE_PATH: source });
    expect(code).toBe(0);
    expect(existsSync(out('leads-2026-01-01.sqlite'))).toBe(false);
    expect(existsSync(out('leads-2026-01-15.sqlite'))).toBe(false);
    expect(existsSync(out('leads-2026-01-17.sqlite'))).toBe(true);
    expect(existsSync(out('leads-2026-02-16.sqlite'))).toBe(true);
    expect(existsSync(out('README.txt'))).toBe(true);
    expect(existsSync(out('other-app.sqlite'))).toBe(true);
    expect(stderr).toContain(`Deleted ${out('leads-2026-01-01.sqlite')}: a backup older than 30 days`);
    expect(stderr).toContain(`Deleted ${out('leads-2026-01-15.sqlite')}: a backup older than 30 days`);
  });

  it('never deletes the live store, even an old one in the same folder', async () => {
    const dir = tempDir();
    const source = path.join(dir, 'leads.sqlite');
    const store = openSqliteLeadStore(source);
    await store.save(lead(), randomUUID());
    await store.close();
    age(source, 90);
    const { code } = await runCli(['--out', path.join(dir, 'backup.sqlite')], { SQLITE_PATH: source });
    expect(code).toBe(0);
    expect(existsSync(source)).toBe(true);
    expect(existsSync(path.join(dir, 'backup.sqlite'))).toBe(true);
  });
});
