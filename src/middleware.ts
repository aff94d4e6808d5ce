import { createHash } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { pruneStylesheets, rewriteInlineStyles, vocabularyOf, type PageVocabulary } from './lib/prune-page-css.ts';

/**
 * Pages rendered per request (legal pages, the no-JavaScript waiting-list form, error pages) get
 * the same inline-stylesheet pruning the build gives prerendered pages (src/build/page-css.mjs).
 * None of them loads an island, so the markup says which rules they need. What a page uses hardly
 * changes between requests, so results are kept by vocabulary and stylesheet: pruning runs
 * once per variant of a page, not once per request. A page's stylesheets are pruned together
 * (a custom property declared in one may be read in another).
 */
const cache = new Map<string, string[]>();
const CACHE_LIMIT = 64;

function cachedPrune(sheets: string[], page: PageVocabulary): string[] {
  const hash = createHash('sha256');
  for (const names of [page.classes, page.elements, page.properties])
    hash.update([...names].sort().join(' ')).update('\0');
  for (const css of sheets) hash.update(css).update('\0');
  const key = hash.digest('base64url');
  let pruned = cache.get(key);
  if (pruned === undefined) {
    pruned = pruneStylesheets(sheets, page);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, pruned);
  }
  return pruned;
}

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  // The dev server injects and hot-swaps its own styles; only production pages are pruned.
  if (import.meta.env.DEV || context.isPrerendered || !response.headers.get('content-type')?.startsWith('text/html'))
    return response;
  const html = await response.text();
  // An island's later markup is not in the page; leave such a page whole (none exists today).
  if (html.includes('<astro-island') || !html.includes('<style')) return new Response(html, response);
  const page = vocabularyOf(html);
  return new Response(
    rewriteInlineStyles(html, (sheets) => cachedPrune(sheets, page)),
    response,
  );
});
