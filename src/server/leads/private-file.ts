/**
 * Writing files of leads (an export, a backup) so that they are private from their first byte and
 * never land somewhere else: the content goes to a new 0600 file beside the target, created
 * exclusively (a link planted at that name is not followed), and is renamed over the target, which
 * replaces a directory entry and never writes through a symbolic link. A target that is a link is
 * refused: whoever planted it wanted the data elsewhere.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, realpathSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';

/** A refusal the commands print as it is (exit code 2): the file was not written. */
export class RefusedTarget extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedTarget';
  }
}

/** lstat, or undefined when nothing is there. */
function entryAt(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/** Refuses a target that is a symbolic link, or that exists when `overwrite` is false. */
export function checkTarget(target: string, { overwrite }: { overwrite: boolean }): void {
  const entry = entryAt(target);
  if (entry?.isSymbolicLink()) {
    throw new RefusedTarget(`${target} is a symbolic link; refusing to write through it. Name a plain file.`);
  }
  if (entry?.isDirectory()) throw new RefusedTarget(`${target} is a directory. Name a file.`);
  if (entry && !overwrite) {
    throw new RefusedTarget(`${target} already exists; refusing to overwrite it. Add --force to replace it.`);
  }
}

/** A fresh name beside `target` for the file being written. */
export function partialPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.partial-${randomBytes(6).toString('hex')}`);
}

/**
 * Writes `content` to `target` as a new owner-only (0600) file: beside it first, flushed, then
 * renamed into place. `overwrite` false refuses an existing target.
 */
export async function writePrivateFile(
  target: string,
  content: string | Uint8Array,
  { overwrite }: { overwrite: boolean },
): Promise<void> {
  checkTarget(target, { overwrite });
  const partial = partialPathFor(target);
  // 'wx': O_CREAT | O_EXCL, which fails on any existing entry, a symbolic link included.
  const handle = await open(partial, 'wx', 0o600);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } catch (error) {
    await handle.close();
    rmSync(partial, { force: true });
    throw error;
  }
  await handle.close();
  try {
    // Checked again just before: a link planted while we wrote is still refused.
    checkTarget(target, { overwrite });
    await rename(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The path with every symbolic link resolved; for a path not there yet, its directory's. */
function resolvedPath(file: string): string {
  const absolute = path.resolve(file);
  try {
    return realpathSync(absolute);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(absolute)), path.basename(absolute));
    } catch {
      return absolute;
    }
  }
}

/**
 * Refuses a backup target that is the live store or one of its `-wal`/`-shm`/`-journal` files,
 * after resolving links on both sides: writing a copy there replaced the live file under the
 * running server and made every lead unreadable.
 */
export function checkNotTheStore(target: string, store: string): void {
  const out = resolvedPath(target);
  const live = resolvedPath(store);
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (out === `${live}${suffix}`) {
      throw new RefusedTarget(
        `${target} is the live lead store${suffix ? `'s ${suffix.slice(1)} file` : ''} (SQLITE_PATH); refusing to write a backup over it. Name another file.`,
      );
    }
  }
}
