import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteExpiredBackups } from '../../../../src/server/leads/backup-retention.ts';
import { age, sqliteFile } from '../../../support/backup-files.ts';

/**
 * What another `npm run leads:backup` into the same folder does while this one looks through it:
 * renames its partial copy into place, or deletes an expired backup first. Files named here vanish
 * right after the folder is listed (`afterListing`) or right after they are stat'ed (`afterStat`).
 */
const vanish = vi.hoisted(() => ({ afterListing: new Set<string>(), afterStat: new Set<string>() }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    readdirSync: ((...args: Parameters<typeof fs.readdirSync>) => {
      const entries = fs.readdirSync(...args);
      for (const file of vanish.afterListing) fs.rmSync(file, { force: true });
      return entries;
    }) as typeof fs.readdirSync,
    statSync: ((...args: Parameters<typeof fs.statSync>) => {
      const stats = fs.statSync(...args);
      if (vanish.afterStat.has(String(args[0]))) fs.rmSync(String(args[0]), { force: true });
      return stats;
    }) as typeof fs.statSync,
  };
});

const dirs: string[] = [];
afterEach(() => {
  vanish.afterListing.clear();
  vanish.afterStat.clear();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A lead-store backup (a SQLite file with a `leads` table) written `days` days ago. */
function backup(dir: string, name: string, days: number): string {
  const file = path.join(dir, name);
  sqliteFile(file, 'leads');
  age(file, days);
  return file;
}

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'backup-retention-'));
  dirs.push(dir);
  return dir;
}

describe('deleteExpiredBackups beside another run in the same folder', () => {
  it('skips a file renamed away between the listing and the look, and still deletes what expired', () => {
    const dir = folder();
    const expired = backup(dir, 'leads-2026-01-01.sqlite', 45);
    const kept = backup(dir, 'leads-2026-02-10.sqlite', 5);
    const partial = path.join(dir, '.leads-2026-02-16.sqlite.partial');
    writeFileSync(partial, '');
    vanish.afterListing.add(partial);

    expect(deleteExpiredBackups(dir, { keep: [] })).toEqual([expired]);
    expect(existsSync(expired)).toBe(false);
    expect(existsSync(kept)).toBe(true);
  });

  it('skips an expired backup that the other run deleted first', () => {
    const dir = folder();
    const first = backup(dir, 'leads-2026-01-01.sqlite', 45);
    const second = backup(dir, 'leads-2026-01-02.sqlite', 44);
    vanish.afterStat.add(first);

    expect(deleteExpiredBackups(dir, { keep: [] })).toEqual([second]);
    expect(existsSync(second)).toBe(false);
  });
});
