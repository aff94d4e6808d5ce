// Before `npm ci`: every optional per-platform build that a locked package names must be in the
// lock itself, or `npm ci` on another platform (and `npm install` here) would add it. A registry
// that lacked some platform's build when the lock was written leaves such a gap; say which package
// in one line instead of failing later on an unexplained diff.
// Plain JavaScript for the machine's own Node (any version): it runs before `npm ci` installs the
// pinned Node 24.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const packages = lock.packages ?? {};

/** The lock entry Node's resolution would find for `name` required from the package at `from`. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('node_modules/');
    dir = at <= 0 ? '' : dir.slice(0, at - 1);
  }
}

const missing = [];
for (const [at, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!resolve(at, name))
      missing.push(`${name}@${range} (optional build of ${at.replace(/^.*node_modules\//, '') || 'the project'})`);
  }
}
for (const line of missing) {
  console.error(
    `package-lock.json lacks ${line}: the registry lacked it when the lock was written; run \`npm install\` where the registry has it and commit the lock.`,
  );
}
process.exit(missing.length ? 1 : 0);
