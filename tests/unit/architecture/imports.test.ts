/**
 * The direction of the code's dependencies: no import cycles, and nothing imports "upward"
 * (shared code from the layers that use it, browser and page code from the server).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|astro)$/.test(entry.name) ? [path] : [];
  });
}

// Static imports, re-exports, dynamic imports and `import('...')` types with a relative path.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Each file under src (relative to the repository) and the files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(SPECIFIER)].map((m) => relative(ROOT, resolve(dirname(file), m[1] as string)));
    graph.set(relative(ROOT, file), targets);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** [importing folder, folder it must not import from, why]. */
const rules: [string, string, string][] = [
  ['src/lib/', 'src/server/', 'lib is shared with the browser'],
  ['src/lib/', 'src/pages/', 'lib is below the pages'],
  ['src/lib/', 'src/islands/', 'lib is below the islands'],
  ['src/lib/', 'src/components/', 'lib is below the components'],
  ['src/components/', 'src/server/', 'components render in the browser too'],
  ['src/islands/', 'src/server/', 'islands run in the browser'],
  ['src/pages/', 'src/server/', 'the server hands pages their data through locals'],
  ['src/layouts/', 'src/server/', 'layouts render pages'],
  ['src/env.d.ts', 'src/server/', 'the Locals type comes from src/lib'],
  ['src/config/', 'src/server/', 'site constants are shared'],
];

// Being moved by the content side of issue 15 (artwork types out of components/); delete once it lands.
const knownUpward = new Set([
  'src/lib/content/artwork.ts -> src/components/ui/Artwork.tsx (lib is below the components)',
]);

describe('imports', () => {
  const graph = importGraph();

  it('have no cycles', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('never run upward', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const [from, to, why] of rules) {
        if (!file.startsWith(from)) continue;
        for (const target of targets) if (target.startsWith(to)) upward.push(`${file} -> ${target} (${why})`);
      }
    }
    expect(upward.filter((line) => !knownUpward.has(line))).toEqual([]);
  });
});
