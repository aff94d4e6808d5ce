import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { islandsIn } from '../integrations/astro-internals/island-markup.mjs';
import { prunePageCss, wordsInScript } from '../lib/prune-page-css.ts';

/**
 * Directives whose islands load only when the visitor acts (src/islands/directives). Islands that
 * load on their own (client:afterpaint, visible, idle) keep their rules inline instead: a whole
 * stylesheet arriving unasked would restyle the page in one long task while it is still loading.
 */
const DEFERRED_DIRECTIVES = new Set(['interaction']);

/**
 * After the build, prunes each prerendered page's inline stylesheet to the rules that page can
 * use (the engine, src/lib/prune-page-css.ts, is shared with src/middleware.ts, which prunes the
 * pages rendered on demand per request).
 *
 * What an island renders only after hydration (a dialog's steps, an error state) must be styled
 * too. An island that hydrates on its own has its scripts' words count as part of the page. An
 * island that waits for the visitor (client:interaction) brings the whole site stylesheet with it
 * instead (one hashed file, cached for a year, named in the island's data-stylesheet), so its
 * rules need not travel in every document.
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
        /** @type {Map<string, string>} stylesheet text -> its URL */
        const siteStylesheets = new Map();
        for (const page of pages) {
          const file = join(root, page);
          const html = await readFile(file, 'utf8');
          const islands = islandsIn(html);
          const eager = islands.filter((island) => !DEFERRED_DIRECTIVES.has(island.client));
          let withStylesheet = html;
          if (eager.length < islands.length) {
            const href = await publishStylesheet(root, siteStylesheetOf(html), siteStylesheets);
            withStylesheet = html.replace(/<astro-island\b[^>]*\bclient="([\w-]+)"/g, (tag, client) =>
              DEFERRED_DIRECTIVES.has(client) ? `${tag} data-stylesheet="${href}"` : tag,
            );
          }
          const pruned = prunePageCss(withStylesheet, await scripts.wordsOf(eager.flatMap((island) => island.modules)));
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

/**
 * The site stylesheet Astro inlined into a page (Tailwind's output, marked by its banner).
 * @param {string} html
 */
function siteStylesheetOf(html) {
  const css = html.match(/<style[^>]*>(\/\*! tailwindcss[\s\S]*?)<\/style>/)?.[1];
  if (!css) throw new Error('page-css: a page with a deferred island has no inline site stylesheet');
  return css;
}

/**
 * Writes a stylesheet once, under a content hash, and answers its URL.
 * @param {string} root @param {string} css @param {Map<string, string>} published
 */
async function publishStylesheet(root, css, published) {
  let href = published.get(css);
  if (!href) {
    href = `/_astro/site.${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
    await writeFile(join(root, href), css);
    published.set(css, href);
  }
  return href;
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
