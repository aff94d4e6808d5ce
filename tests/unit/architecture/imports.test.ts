/**
 * The direction of the code's dependencies: no import cycles, and nothing imports "upward"
 * (shared code from the layers that use it, browser and page code from the server).
 */
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.ts';

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
  ['src/content/', 'src/components/', 'content is data: components render it'],
  ['src/cms/', 'src/components/', 'the editor edits content; it renders no site component'],
  ['src/components/', 'src/server/', 'components render in the browser too'],
  ['src/islands/', 'src/server/', 'islands run in the browser'],
  ['src/pages/', 'src/server/', 'the server hands pages their data through locals'],
  ['src/layouts/', 'src/server/', 'layouts render pages'],
  ['src/env.d.ts', 'src/server/', 'the Locals type comes from src/lib'],
  ['src/config/', 'src/server/', 'site constants are shared'],
];

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
    expect(upward).toEqual([]);
  });
});
