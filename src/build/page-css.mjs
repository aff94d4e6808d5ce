import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { islandsIn } from '../integrations/astro-internals/island-markup.mjs';
import { islandScriptWords, prunePageCss } from '../lib/prune-page-css.ts';

/**
 * After the build, prunes each prerendered page's inline stylesheet to the rules that page can
 * use (the engine, src/lib/prune-page-css.ts, is shared with src/middleware.ts, which prunes the
 * pages rendered on demand per request).
 *
 * What an island renders only after hydration (a dialog's steps, an error state) must be styled
 * too: the words of every module an island loads count as part of the page. That includes the
 * waiting-list wizard, which waits for the visitor: a whole site stylesheet brought along with it
 * (as it once was) had to be switched on with the first tap, restyling the whole page in the frame
 * that opens the dialog; its rules inline cost a few hundred bytes, a few per cent of that sheet.
 *
 * The stylesheets as they were before pruning go to dist/page-css/originals.json (outside the
 * served files): the browser tests put them back into each page and check nothing renders differently.
 * @returns {import('astro').AstroIntegration}
 */
export function pageCss() {
  return {
    name: 'humanwise:page-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
        const readModule = builtModules(root);
        /** @type {{ stylesheets: Record<string, string>, pages: Record<string, string[]> }} */
        const originals = { stylesheets: {}, pages: {} };
        let before = 0;
        let after = 0;
        for (const page of pages) {
          const file = join(root, page);
          const html = await readFile(file, 'utf8');
          const modules = islandsIn(html).flatMap((island) => island.modules);
          const pruned = prunePageCss(html, await islandScriptWords(modules, readModule));
          originals.pages[routeOf(page)] = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
            ([, css = '']) => {
              const hash = createHash('sha256').update(css).digest('base64url');
              originals.stylesheets[hash] = css;
              return hash;
            },
          );
          before += html.length;
          after += pruned.length;
          await writeFile(file, pruned);
        }
        const report = new URL('../page-css/', dir);
        await mkdir(report, { recursive: true });
        await writeFile(new URL('originals.json', report), JSON.stringify(originals));
        logger.info(
          `pruned the inline CSS of ${pages.length} pages: ${Math.round(before / 1024)} KB of HTML down to ${Math.round(after / 1024)} KB`,
        );
      },
    },
  };
}

/** @param {string} page a built file, relative to the client directory */
function routeOf(page) {
  const path = `/${page.replaceAll('\\', '/').replace(/\.html$/, '')}`;
  return path === '/index' ? '/' : path.replace(/\/index$/, '');
}

/**
 * Reads built modules by URL path, each once for all pages.
 * @param {string} root the built client directory
 */
function builtModules(root) {
  /** @type {Map<string, Promise<string>>} */
  const read = new Map();
  /** @param {string} url */
  return (url) => {
    let code = read.get(url);
    if (!code) {
      // A module a page names but the build lacks fails the build.
      code = readFile(join(root, url), 'utf8');
      read.set(url, code);
    }
    return code;
  };
}
