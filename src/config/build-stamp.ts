/**
 * The build stamp (`dist/build-stamp.json`): what a build was made from. `npm run build` writes it;
 * `npm start` rebuilds when the sources or the build-time settings changed since (src/build/stamp.ts),
 * and the server refuses to serve a build whose baked-in settings differ from its own: a page would
 * otherwise show one contact address in the footer and another on the legal pages.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildSettings, buildTimeSettingNames } from './build-settings.ts';

export const STAMP_FILE = 'build-stamp.json';

export interface BuildStamp {
  /** Hash of the sources, the lockfile and the build-time settings (src/build/stamp.ts). */
  sourceHash: string;
  /** The build-time settings the pages were built with. */
  settings: Record<string, string>;
}

export function readStamp(distDir: string): BuildStamp | undefined {
  const file = path.join(distDir, STAMP_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildStamp>;
    if (typeof stamp.sourceHash !== 'string' || typeof stamp.settings !== 'object' || stamp.settings === null) {
      return undefined;
    }
    return { sourceHash: stamp.sourceHash, settings: stamp.settings };
  } catch {
    return undefined;
  }
}

/** The build-time settings (only those) as the stamp records them: every value a string. */
export function stampSettings(settings: BuildSettings): Record<string, string> {
  const values: Record<string, unknown> = settings;
  return Object.fromEntries(buildTimeSettingNames.map((name) => [name, String(values[name] ?? '')]));
}

/** Names of the build-time settings whose values differ between the stamp and `settings`. */
export function differingBuildSettings(stamp: BuildStamp, settings: BuildSettings): string[] {
  const current = stampSettings(settings);
  const names = new Set([...Object.keys(current), ...Object.keys(stamp.settings)]);
  return [...names].filter((name) => current[name] !== stamp.settings[name]);
}

/** The one line the server prints when it refuses a build made with other settings. */
export function mismatchMessage(names: string[]): string {
  return `This build was made with other build-time settings (${names.join(', ')}): rebuild with "npm run build" using the settings you serve with (or run "npm start", which rebuilds when needed).`;
}
