/**
 * The relative imports between the project's own source files, read from the text: what the
 * architecture tests check the direction of. Static imports, re-exports, dynamic imports and
 * `import('...')` types are all edges, so an import cannot hide from the rules by its form.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

function sourceFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return sourceFiles(child);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) ? [child] : [];
  });
}

// Static imports, re-exports, dynamic imports and `import('...')` types with a relative path.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Each file under `inputs` (paths relative to the repository) and the files it imports. */
export function importGraph(inputs: string[] = ['src']): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of inputs.flatMap((input) => sourceFiles(join(ROOT, input)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(SPECIFIER)].map((m) => relative(ROOT, resolve(dirname(file), m[1] as string)));
    graph.set(relative(ROOT, file), targets);
  }
  return graph;
}
