/**
 * A copy of the project in a new temporary folder, for a build that must not touch the work tree
 * (the CMS editor's saves, a content file broken on purpose) or that runs beside builds and checks
 * of the work tree (CI's analytics builds). The named entries are copied and node_modules is
 * linked; a wrapper astro.config.mjs moves Astro's and Vite's caches into the copy, since the shared
 * node_modules' ones may be written meanwhile. The caller removes the folder.
 */
import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function copyProject(prefix: string, entries: readonly string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const name of entries) cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  cpSync(path.join(root, 'astro.config.mjs'), path.join(dir, 'astro.project.config.mjs'));
  writeFileSync(
    path.join(dir, 'astro.config.mjs'),
    "import project from './astro.project.config.mjs';\n" +
      "export default { ...project, cacheDir: './.cache/astro', vite: { ...project.vite, cacheDir: './.cache/vite' } };\n",
  );
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
