import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Leads are personal data: the SQLite file, its WAL and shared-memory files, its directory and any
 * copy beside it (`leads.sqlite.bak`, `leads.sqlite-2026-01-01`, ...) are for the server's own user
 * only. Creates the directory (0700) and the file (0600) when missing, so SQLite's WAL and -shm
 * files, which take the database file's mode, are born private; and narrows anything wider that
 * an older version or a copy left behind. Returns the paths it narrowed.
 */
export function securePrivateStore(file: string): string[] {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  const narrowed: string[] = [];
  const narrow = (target: string, mode: number) => {
    const current = statSync(target).mode & 0o777;
    if ((current & ~mode) !== 0) {
      chmodSync(target, current & mode);
      narrowed.push(target);
    }
  };
  narrow(dir, 0o700);
  const base = path.basename(file);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith(base)) continue;
    try {
      narrow(path.join(dir, entry.name), 0o600);
    } catch (error) {
      // Another opener's rollback journal (`-journal`) lives only as long as its transaction: gone
      // between the listing and the look is gone for good, with nothing left to narrow.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return narrowed;
}
