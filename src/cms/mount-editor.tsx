/**
 * Starts the editor in the browser with React's own react-dom (the islands' Preact runtime does not
 * reach this module graph: src/integrations/astro-internals/preact-islands.mjs). Keystatic routes by
 * the page's address.
 */
import type { Config } from '@keystatic/core';
import { Keystatic } from '@keystatic/core/ui';
import { createRoot } from 'react-dom/client';
import config from '../../keystatic.config.ts';

const root = document.getElementById('editor');
if (root) {
  createRoot(root).render(
    <Keystatic
      // Keystatic's own page passes the config the same way: its props take the general Config type.
      config={config as unknown as Config}
      appSlug={{ envName: 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG', value: import.meta.env.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG }}
    />,
  );
}
