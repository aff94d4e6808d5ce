import { fileURLToPath } from 'node:url';
import keystatic from '@keystatic/astro';
import { cmsListColumns } from './cms-list-columns.mjs';

const STORAGE_MODULE = 'virtual:humanwise-cms-storage';

/**
 * The editor (Keystatic) at /keystatic and its API at /api/keystatic, in the build only when
 * CMS_MODE is local or github: with `off` no route, script or style of it exists in the build.
 *
 * Keystatic's own integration is used as it is, except for its two routes. Our page mounts the
 * editor with React's own react-dom from a plain module script (src/cms/EditorPage.astro), where
 * Keystatic's page hydrates it as an island, whose runtime in the browser is Preact
 * (src/integrations/astro-internals/preact-islands.mjs). Our API route checks a save's files before Keystatic writes them
 * (src/cms/api-route.ts). Its collection lists head their address column in the team's words
 * (cms-list-columns.mjs).
 * @param {{ CMS_MODE: 'off' | 'local' | 'github', KEYSTATIC_GITHUB_REPO?: string | undefined }} settings
 * @returns {import('astro').AstroIntegration[]}
 */
export function cmsEditor(settings) {
  if (settings.CMS_MODE === 'off') return [];
  const storage =
    settings.CMS_MODE === 'github' ? { kind: 'github', repo: settings.KEYSTATIC_GITHUB_REPO } : { kind: 'local' };
  const base = keystatic();
  const setup = base.hooks['astro:config:setup'];
  const editorPage = fileURLToPath(new URL('../cms/EditorPage.astro', import.meta.url));
  const editorApi = fileURLToPath(new URL('../cms/api-route.ts', import.meta.url));
  return [
    {
      name: 'humanwise:cms-editor',
      hooks: {
        'astro:config:setup': (options) => {
          setup?.({
            ...options,
            injectRoute: (route) =>
              options.injectRoute({
                ...route,
                entrypoint: route.pattern.startsWith('/keystatic') ? editorPage : editorApi,
              }),
          });
          options.updateConfig({
            vite: {
              plugins: [
                {
                  name: 'humanwise:cms-storage',
                  resolveId: (id) => (id === STORAGE_MODULE ? `\0${STORAGE_MODULE}` : null),
                  load: (id) => (id === `\0${STORAGE_MODULE}` ? `export default ${JSON.stringify(storage)};` : null),
                },
                cmsListColumns(),
              ],
            },
          });
        },
      },
    },
  ];
}
