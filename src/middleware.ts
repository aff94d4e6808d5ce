import { createHash } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { islandsIn } from './integrations/astro-internals/island-markup.mjs';
import { islandScriptsOf } from './integrations/astro-internals/island-scripts.mjs';
import {
  islandScriptWords,
  type PageVocabulary,
  pruneStylesheets,
  rewriteInlineStyles,
  vocabularyOf,
} from './lib/prune-page-css.ts';

/**
 * Pages rendered per request (legal pages, the no-JavaScript waiting-list form, error pages, /pov)
 * get what the build gives prerendered pages: their island scripts moved into the build's files
 * (below), and inline-stylesheet pruning (src/build/page-css.mjs):
 * the rules their markup and their islands' scripts can use. The server hands over the built
 * modules (`Astro.locals.builtScript`); without it, a page with islands is left whole. What a page
 * uses hardly changes between requests, so results are kept by vocabulary and stylesheet: pruning
 * runs once per variant of a page, not once per request. A page's stylesheets are pruned together
 * (a custom property declared in one may be read in another).
 */
const CACHE_LIMIT = 64;

/** `compute()` kept under `key`, the oldest of `cache`'s entries let go past CACHE_LIMIT. */
function remember<T>(cache: Map<string, T>, key: string, compute: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
  }
  return value;
}

const prunedSheets = new Map<string, string[]>();

function cachedPrune(sheets: string[], page: PageVocabulary): string[] {
  const hash = createHash('sha256');
  for (const names of [page.classes, page.elements, page.properties])
    hash.update([...names].sort().join(' ')).update('\0');
  for (const css of sheets) hash.update(css).update('\0');
  return remember(prunedSheets, hash.digest('base64url'), () => pruneStylesheets(sheets, page));
}

/** Island scripts' words by entry modules (their names carry a content hash: a new build, new names). */
const islandWords = new Map<string, Promise<string[]>>();

function cachedIslandWords(entries: string[], read: (urlPath: string) => string | undefined): Promise<string[]> {
  return remember(islandWords, entries.join(' '), () => islandScriptWords(entries, read));
}

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  // The dev server injects and hot-swaps its own styles and scripts; only production pages are rewritten.
  if (import.meta.env.DEV || context.isPrerendered || !response.headers.get('content-type')?.startsWith('text/html'))
    return response;
  const { builtScript } = context.locals;
  const html = await withPrunedCss(await response.text(), builtScript);
  return new Response(withIslandScriptsMoved(html, builtScript), response);
});

type BuiltScript = App.Locals['builtScript'];

async function withPrunedCss(html: string, builtScript: BuiltScript): Promise<string> {
  if (!html.includes('<style')) return html;
  const entries = islandsIn(html).flatMap((island) => island.modules);
  // An island's later markup is not in the page: without its scripts, leave the page whole.
  if (entries.length > 0 && !builtScript) return html;
  const page = vocabularyOf(html, builtScript ? await cachedIslandWords(entries, builtScript) : []);
  return rewriteInlineStyles(html, (sheets) => cachedPrune(sheets, page));
}

/** Island files found in the build, by name: the name is the content's hash, so once is enough. */
const builtIslandFiles = new Set<string>();
const missingIslandFiles = new Set<string>();

/**
 * Astro's inline island scripts (its runtime, each directive's) go into the file the build wrote for
 * the same scripts, as on built pages (src/integrations/astro-internals/island-scripts.mjs): a page's
 * policy allows none of them inline, and inline they would cost its first round trip about 2 KB. A
 * page whose combination of directives no built page has keeps them inline and its islands do not
 * start: said once in the server's output.
 */
function withIslandScriptsMoved(html: string, builtScript: BuiltScript): string {
  const scripts = islandScriptsOf(html);
  if (!scripts) return html;
  // Read and compared once per file, not per request; a file missing now may come with a publish.
  if (builtIslandFiles.has(scripts.src)) return scripts.html;
  if (builtScript?.(scripts.src) === scripts.code) {
    builtIslandFiles.add(scripts.src);
    return scripts.html;
  }
  if (builtScript && !missingIslandFiles.has(scripts.src)) {
    missingIslandFiles.add(scripts.src);
    console.error(
      `A page rendered per request uses island directives no built page uses together (${scripts.src}); its islands cannot start.`,
    );
  }
  return html;
}
