/**
 * Islands are React components, rendered to HTML at build time by React 19.
 * In the browser they run on Preact's React-compatible runtime: React 19's react-dom client
 * alone weighs about 69 KB gzip, which leaves no room inside the 70 KB per-island budget.
 * This plugin swaps the runtime for the client build only; server rendering and the
 * component tests keep using React itself. It also swaps cn() for its tailwind-merge-free
 * version (src/lib/cn-browser.ts).
 * @returns {import('vite').Plugin}
 */
export function islandRuntime() {
  /** @type {Record<string, string>} */
  const runtime = {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/jsx-runtime',
  };
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
    name: 'humanwise:island-runtime',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(id, importer, options) {
      if (importer && inEditor(importer)) {
        const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
        if (resolved) editorModules.add(bare(resolved.id));
        return resolved;
      }
      const target = runtime[id];
      if (target) return this.resolve(target, importer, { ...options, skipSelf: true });
      // cn() without tailwind-merge in the browser (src/lib/cn-browser.ts says why).
      if (id.endsWith('/lib/cn.ts') && importer) {
        const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
        if (resolved?.id.endsWith('/src/lib/cn.ts')) return resolved.id.replace(/cn\.ts$/, 'cn-browser.ts');
      }
      return null;
    },
  };
}
