import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { DEFERRED_SCRIPT_ATTRIBUTE, ISLAND_RUNTIME_ATTRIBUTE } from '../../lib/first-paint.ts';
import { checkoutIndependentIslandUids } from './island-uids.mjs';

/**
 * Astro inlines its island runtime (the <astro-island> element, ~4 KB) and each hydration
 * directive's script into every page with an island, and offers no option to load them as files.
 * Inline, they cost about 2 KB of brotli in each document: on /results, the difference between
 * arriving in the first round trip or not. They are the same on every page and none of them is
 * needed before the first paint (the server-rendered island is already in the markup), so after
 * the build a page's scripts go, in their order, into one hashed file under /_astro (the same
 * file for every page with the same directives, cached across pages), started after the first
 * contentful paint.
 *
 * Runs after page-css, so pruning still sees the same words. Pages rendered on demand are rewritten
 * per request onto the files written here (src/middleware.ts): their policy allows no script of
 * Astro's inline, so their islands may use only combinations of directives some built page uses.
 *
 * What this relies on (tests/unit/integrations/astro-internals/island-scripts.test.ts checks it
 * against Astro's own code): Astro inlines its island runtime as the exact text of
 * `astro/runtime/server/astro-island.prebuilt.js`, and each directive as a minified IIFE that
 * registers it on self.Astro and dispatches `astro:<name>` (its name quoted as its minifier quotes it:
 * "astro:visible" up to Astro 7.3, `astro:visible` in a template literal from 7.4).
 *
 * The same pass gives each page's islands uids that do not depend on the checkout (island-uids.mjs):
 * every page with an island carries Astro's runtime, so it is one of the pages rewritten here.
 * @param {URL} dir the built client directory
 * @param {import('astro').AstroIntegrationLogger} logger
 */
export async function rewriteIslandPages(dir, logger) {
  const root = fileURLToPath(dir);
  const pages = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
  /** @type {Set<string>} the files written */
  const published = new Set();
  let moved = 0;
  for (const page of pages) {
    const file = join(root, page);
    const scripts = islandScriptsOf(checkoutIndependentIslandUids(await readFile(file, 'utf8')));
    if (!scripts) continue;
    moved += scripts.count;
    if (!published.has(scripts.src)) {
      await writeFile(join(root, scripts.src), scripts.code);
      published.add(scripts.src);
    }
    await writeFile(file, scripts.html);
  }
  logger.info(`moved ${moved} inline island scripts into ${published.size} cached files`);
}

/**
 * Astro's inline scripts of a page with islands, in page order, as the one file they make: its
 * `code` and `src` (named by the code's hash, so every page with the same scripts shares it), and
 * the page's `html` with them replaced by one deferred marker where the first stood. Nothing for a
 * page without them. Pages rendered per request are rewritten the same way (src/middleware.ts),
 * onto the files the build wrote.
 * @param {string} html
 * @returns {{ code: string, src: string, html: string, count: number } | undefined}
 */
export function islandScriptsOf(html) {
  const prescripts = inlineScriptsOf(html).filter(([, code = '']) => isAstroPrescript(code));
  if (!prescripts.length) return undefined;
  const code = prescripts.map(([, script]) => script).join('\n');
  const src = `/_astro/island-${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
  let rewritten = '';
  let last = 0;
  for (const [index, match] of prescripts.entries()) {
    const tag = index === 0 ? deferredScriptMarker(src) : '';
    rewritten += html.slice(last, match.index) + tag;
    last = /** @type {number} */ (match.index) + match[0].length;
  }
  rewritten += html.slice(last);
  return { code, src, html: rewritten, count: prescripts.length };
}

/**
 * The plain inline scripts of a page (`<script>` without attributes, as Astro writes its own), each
 * a match whose first group is the code.
 * @param {string} html
 */
export function inlineScriptsOf(html) {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
}

/** A directive's script: registers itself on self.Astro, then dispatches `astro:<name>`, either quote. */
const DIRECTIVE_SCRIPT =
  /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.[\w-]+=[\s\S]*dispatchEvent\(new Event\((["`])astro:[\w-]+\1\)\)/;

/**
 * Astro's island runtime (exactly the text Astro inlines), or a directive's script: it registers
 * itself on self.Astro and announces itself with an `astro:<name>` event.
 * @param {string} code
 */
export function isAstroPrescript(code) {
  return code === islandRuntime || DIRECTIVE_SCRIPT.test(code);
}

/**
 * Sets the file aside until the first contentful paint: the server-rendered islands are already on
 * screen, so nothing the visitor sees waits for it, and nothing is fetched before the first paint.
 * src/browser/deferred-scripts.ts starts it.
 * @param {string} src
 */
function deferredScriptMarker(src) {
  return `<template ${DEFERRED_SCRIPT_ATTRIBUTE}="${src}" ${ISLAND_RUNTIME_ATTRIBUTE}></template>`;
}
