/**
 * What the build reads from the <astro-island> elements Astro renders: the directive that hydrates
 * each island (`client`) and the modules it starts from (`component-url`, `renderer-url`).
 * src/browser/deferred-scripts.ts reads the same element in the browser (`client`, and the directive's
 * value inside the `opts` JSON). tests/unit/integrations/astro-internals/island-markup.test.ts checks
 * these attributes against the markup Astro generates.
 */

/**
 * The islands of a page: the directive that hydrates each and the modules it starts from.
 * @param {string} html
 */
export function islandsIn(html) {
  return [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => ({
    client: tag.match(/\bclient="([\w-]+)"/)?.[1] ?? '',
    modules: [...tag.matchAll(/\b(?:component|renderer)-url="(\/[^"]+)"/g)].map(
      (url) => /** @type {string} */ (url[1]),
    ),
  }));
}
