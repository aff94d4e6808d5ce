import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { islandsIn } from '../integrations/astro-internals/island-markup.mjs';
import { prunePageCss, wordsInScript } from '../lib/prune-page-css.ts';

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
        const scripts = new ScriptWords(root);
        /** @type {{ stylesheets: Record<string, string>, pages: Record<string, string[]> }} */
        const originals = { stylesheets: {}, pages: {} };
        let before = 0;
        let after = 0;
        for (const page of pages) {
          const file = join(root, page);
          const html = await readFile(file, 'utf8');
          const modules = islandsIn(html).flatMap((island) => island.modules);
          const pruned = prunePageCss(html, await scripts.wordsOf(modules));
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

/** The words of every module an island loads, following the imports between built chunks. */
class ScriptWords {
  /** @param {string} root the built client directory */
  constructor(root) {
    this.root = root;
    /** @type {Map<string, Promise<{ words: string[], imports: string[] }>>} */
    this.modules = new Map();
  }

  /** @param {string[]} entries the URLs of modules islands start from */
  async wordsOf(entries) {
    /** @type {Set<string>} */
    const seen = new Set();
    /** @type {string[]} */
    const words = [];
    const queue = entries.map((url) => join(this.root, url));
    while (queue.length) {
      const file = /** @type {string} */ (queue.pop());
      if (seen.has(file)) continue;
      seen.add(file);
      const module = await this.read(file);
      words.push(...module.words);
      queue.push(...module.imports);
    }
    return words;
  }

  /** @param {string} file */
  read(file) {
    let module = this.modules.get(file);
    if (!module) {
      module = readFile(file, 'utf8').then((code) => ({
        words: wordsInScript(code),
        imports: [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
          join(file, '..', /** @type {string} */ (match[1])),
        ),
      }));
      this.modules.set(file, module);
    }
    return module;
  }
}
