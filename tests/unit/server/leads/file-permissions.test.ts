import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { securePrivateStore } from '../../../../src/server/leads/file-permissions.ts';

// statSync as the module sees it, so a test can make a listed file vanish before it is looked at,
// as another opener's rollback journal does when its transaction ends.
const vanished = new Set<string>();
vi.mock('node:fs', async (actual) => {
  const real = await actual<typeof import('node:fs')>();
  return {
    ...real,
    statSync: ((target: fs.PathLike, ...rest: []) => {
      if (vanished.has(String(target)))
        throw Object.assign(new Error(`ENOENT: no such file or directory, stat '${target}'`), { code: 'ENOENT' });
      return real.statSync(target, ...rest);
    }) as typeof fs.statSync,
  };
});

const dirs: string[] = [];
afterEach(() => {
  vanished.clear();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function storeWith(...siblings: string[]) {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'leads-permissions-'));
  dirs.push(dir);
  const file = path.join(dir, 'leads.sqlite');
  for (const name of ['leads.sqlite', ...siblings]) fs.writeFileSync(path.join(dir, name), '', { mode: 0o644 });
  fs.chmodSync(dir, 0o755);
  return { dir, file };
}

const modeOf = (target: string) => fs.statSync(target).mode & 0o777;

describe('securePrivateStore', () => {
  it('narrows the store, its directory and every copy beside it to the owner', () => {
    const { dir, file } = storeWith('leads.sqlite-wal', 'leads.sqlite.bak');
    const report = securePrivateStore(file);
    expect(report.narrowed.sort()).toEqual([dir, file, `${file}-wal`, `${file}.bak`].sort());
    expect(report.sharedDirectory).toBeUndefined();
    expect(modeOf(dir)).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}.bak`]) expect(modeOf(name), name).toBe(0o600);
  });

  it('leaves a folder shared with other files as it is (SQLITE_PATH=/tmp/leads.sqlite), and says so', () => {
    const { dir, file } = storeWith('leads.sqlite-wal', 'someone-elses.txt');
    fs.mkdirSync(path.join(dir, 'another-program'));
    fs.chmodSync(dir, 0o1777);
    const report = securePrivateStore(file);
    expect(fs.statSync(dir).mode & 0o7777).toBe(0o1777);
    expect(modeOf(path.join(dir, 'someone-elses.txt'))).toBe(0o644);
    expect(report).toEqual({ narrowed: [file, `${file}-wal`].sort(), sharedDirectory: dir });
    expect(modeOf(file)).toBe(0o600);
  });

  it('says nothing of a shared folder already private to the owner', () => {
    const { dir, file } = storeWith('notes.txt');
    fs.chmodSync(dir, 0o700);
    expect(securePrivateStore(file)).toEqual({ narrowed: [file] });
  });

  it('creates a missing folder private to the owner', () => {
    const { dir } = storeWith();
    const file = path.join(dir, 'new', 'leads.sqlite');
    expect(securePrivateStore(file)).toEqual({ narrowed: [] });
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });

  it('passes over a file that is gone between the listing and the look, and narrows the rest', () => {
    const { file } = storeWith('leads.sqlite-journal', 'leads.sqlite-wal');
    vanished.add(`${file}-journal`);
    expect(() => securePrivateStore(file)).not.toThrow();
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
  });
});
