/**
 * The two folders that hold no site code: src/server (the Node server and the operator commands)
 * and src/build (build steps). Nothing outside src/server imports from it, as the README says:
 * pages get what the server hands them through `Astro.locals`. The build never imports the server,
 * and nothing that runs per request imports the build: what both need lives in src/config or
 * src/lib. The server reaches the build once, to start it: `npm start` (launch.mjs with
 * --build-if-needed) builds first when the build is missing or stale.
 */
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.ts';

/** Imports of src/build allowed from outside it: Astro's integrations and `npm start`'s build step. */
const BUILD_ENTRY_POINTS = new Set([
  'astro.config.mjs -> src/build/client-directives.mjs',
  'astro.config.mjs -> src/build/page-css.mjs',
  // The editor (Keystatic), in the build only when CMS_MODE is local or github.
  'astro.config.mjs -> src/build/cms-editor.mjs',
  // Content Markdown shows HTML as text (no script from content reaches a page).
  'astro.config.mjs -> src/build/no-raw-html.mjs',
  'src/server/launch.mjs -> src/build/build-if-needed.ts',
]);

const inside = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

describe('src/server and src/build', () => {
  const graph = importGraph(['src', 'astro.config.mjs']);
  const imports = [...graph].flatMap(([file, targets]) => targets.map((target) => ({ file, target })));
  const line = ({ file, target }: { file: string; target: string }) => `${file} -> ${target}`;

  it('reads every kind of import, dynamic ones included', () => {
    // Without this, an empty or unreadable graph would make the rules below pass vacuously.
    expect(imports.map(line)).toEqual(
      expect.arrayContaining(['src/server/main.ts -> src/server/settings.ts', ...BUILD_ENTRY_POINTS]),
    );
  });

  it('nothing outside src/server imports from it', () => {
    const isServer = inside('src/server');
    expect(imports.filter(({ file, target }) => !isServer(file) && isServer(target)).map(line)).toEqual([]);
  });

  it('src/build is imported only by Astro’s configuration and npm start’s build step', () => {
    const isBuild = inside('src/build');
    const fromOutside = imports.filter(({ file, target }) => !isBuild(file) && isBuild(target)).map(line);
    expect(fromOutside.filter((edge) => !BUILD_ENTRY_POINTS.has(edge))).toEqual([]);
  });
});
