import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface PrivateStoreReport {
  /** Paths whose permissions were wider than the owner's and were narrowed. */
  narrowed: string[];
  /**
   * The store's directory when it is readable by others but also holds other files (`/tmp`, the
   * project's folder, `/var/lib`): it is left as it is, since narrowing a folder the store shares
   * would lock every other user and program out of it (a `/tmp` made 0700 breaks the machine).
   */
  sharedDirectory?: string;
}

/**
 * Leads are personal data: the SQLite file, its WAL and shared-memory files, its directory and any
 * copy beside it (`leads.sqlite.bak`, `leads.sqlite-2026-01-01`, ...) are for the server's own user
 * only. Creates the directory (0700) and the file (0600) when missing, so SQLite's WAL and -shm
 * files, which take the database file's mode, are born private; and narrows anything wider that
 * an older version or a copy left behind. The directory is narrowed only when it is the store's
 * own (it holds nothing but the store's files); a shared one is reported, never changed.
 */
export function securePrivateStore(file: string): PrivateStoreReport {
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
  const base = path.basename(file);
  const entries = readdirSync(dir, { withFileTypes: true });
  const ownFolder = entries.every((entry) => entry.isFile() && entry.name.startsWith(base));
  let sharedDirectory: string | undefined;
  if (ownFolder) narrow(dir, 0o700);
  else if ((statSync(dir).mode & 0o077) !== 0) sharedDirectory = dir;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith(base)) continue;
    try {
      narrow(path.join(dir, entry.name), 0o600);
    } catch (error) {
      // Another opener's rollback journal (`-journal`) lives only as long as its transaction: gone
      // between the listing and the look is gone for good, with nothing left to narrow.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return sharedDirectory ? { narrowed, sharedDirectory } : { narrowed };
}
