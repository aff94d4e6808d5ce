/**
 * Islands are React components, rendered to HTML by React 19 (at build time, or per request). In the
 * browser they run on Preact's React-compatible runtime: React 19's react-dom client alone weighs
 * about 69 KB gzip, which leaves no room inside the 70 KB per-island budget.
 *
 * What this relies on (tests/unit/integrations/astro-internals/preact-islands.test.ts checks both):
 * Astro builds the browser's code in the Vite environment named `client`, and @astrojs/react's client
 * renderer imports React only through the specifiers below.
 */

/** React's entry points, and what the browser gets instead. The island component tests use the same map. */
export const preactForReact = /** @type {const} */ ({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
});

/** The Vite environment Astro builds the browser's code in. */
export const BROWSER_ENVIRONMENT = 'client';

/**
 * Swaps React for preact/compat in the browser build only; server rendering and the component
 * tests' React project keep React itself.
 * @returns {import('vite').Plugin}
 */
export function preactIslands() {
  /** @type {Record<string, string>} */
  const runtime = preactForReact;
  /**
   * The editor (src/cms, only in builds with CMS_MODE local or github) runs on React itself: every
   * module reached from src/cms is remembered here and resolves its imports without the swap.
   * @type {Set<string>}
   */
  const editorModules = new Set();
  /** @param {string} id */
  const bare = (id) => id.replace(/^\0/, '').replace(/\?.*$/, '');
  /** @param {string} importer */
  const inEditor = (importer) => bare(importer).includes('/src/cms/') || editorModules.has(bare(importer));
  return {
    name: 'humanwise:preact-islands',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === BROWSER_ENVIRONMENT,
    async resolveId(id, importer, options) {
      if (importer && inEditor(importer)) {
        const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
        if (resolved) editorModules.add(bare(resolved.id));
        return resolved;
      }
      const target = runtime[id];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}
