import { rewriteIslandPages } from './island-scripts.mjs';
import { preactIslands } from './preact-islands.mjs';

/**
 * Everything the site does that relies on Astro's internals rather than its public API, in one
 * integration: the islands' browser runtime swapped for Preact (preact-islands.mjs), Astro's inline
 * island scripts moved into cached files after the build and the islands' uids made the same in
 * every checkout, in one pass over the pages (island-scripts.mjs, island-uids.mjs), the island markup
 * the build reads (island-markup.mjs) and the font CSS the layout derives the first-paint rule from
 * (font-css.ts). Each has a contract test in tests/unit/integrations/astro-internals/ that names the
 * Astro version when an upgrade changes what it relies on.
 *
 * List it after page-css: the scripts move after pruning has read them.
 * @returns {import('astro').AstroIntegration}
 */
export function astroInternals() {
  return {
    name: 'humanwise:astro-internals',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [preactIslands()] } });
      },
      'astro:build:done': ({ dir, logger }) => rewriteIslandPages(dir, logger),
    },
  };
}
