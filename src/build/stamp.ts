/**
 * Writing and checking the build stamp (src/config/build-stamp.ts reads it): a hash of everything
 * a build is made from (the sources, public files, configuration, the lockfile) and of the
 * build-time settings. `npm start` builds only when there is no build or this hash changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildStamp, readStamp, STAMP_FILE, stampSettings } from '../config/build-stamp.ts';
import type { BuildSettings } from '../config/build-settings.ts';

/** What a build reads, relative to the project root. Directories are walked in full. */
const BUILD_INPUTS = [
  'src',
  'public',
  'astro.config.mjs',
  'keystatic.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Every file an input names, as sorted paths relative to the root (a directory in full). */
function filesOf(root: string, input: string): string[] {
  const full = path.join(root, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export function sourceHash(root: string, settings: BuildSettings): string {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((input) => filesOf(root, input))) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  hash.update(JSON.stringify(stampSettings(settings)));
  return hash.digest('hex');
}

export function makeStamp(root: string, settings: BuildSettings): BuildStamp {
  return { sourceHash: sourceHash(root, settings), settings: stampSettings(settings) };
}

export function writeStamp(distDir: string, stamp: BuildStamp): void {
  writeFileSync(path.join(distDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/** Why a build is needed ("no build", "sources or settings changed"), or undefined when the build is current. */
export function buildNeeded(root: string, settings: BuildSettings): string | undefined {
  const distDir = path.join(root, 'dist');
  if (!existsSync(path.join(distDir, 'server', 'entry.mjs'))) return 'no build yet';
  const stamp = readStamp(distDir);
  if (!stamp) return 'the build has no stamp';
  if (stamp.sourceHash !== sourceHash(root, settings)) return 'the sources or the build-time settings changed';
  return undefined;
}
