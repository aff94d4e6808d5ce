/**
 * The editor's configuration for a given storage: `local` writes the files of this server's working
 * copy; `github` commits to the repository through the GitHub App. The build picks the storage from
 * CMS_MODE (src/build/cms-editor.mjs); tests read the content with `local`.
 */
import { config, type GitHubConfig, type LocalConfig } from '@keystatic/core';
import { createElement } from 'react';
import { PUBLISHING_PATH } from '../config/editor-paths.ts';
import { collections, singletons } from './schema.ts';

/**
 * The editor's typeface: Keystatic's own token (its text sets it on each element; the page itself has
 * no font, so `inherit` would give the browser's serif default), with the system's UI font as fallback.
 */
const EDITOR_FONT = 'var(--kui-typography-font-family-base, system-ui, sans-serif)';

/** In local mode, the header's mark is the link to the publishing status (what went live, or why not). */
const publishingLink = () =>
  createElement(
    'a',
    {
      href: PUBLISHING_PATH,
      style: { fontFamily: EDITOR_FONT, fontSize: '0.8125rem', color: 'inherit', textDecoration: 'underline' },
    },
    'Publishing status',
  );

export type CmsStorage = LocalConfig['storage'] | GitHubConfig['storage'];

export function cmsConfig(storage: CmsStorage) {
  return config({
    storage,
    ui: {
      brand: { name: 'Humanwise site editor', ...(storage.kind === 'local' ? { mark: publishingLink } : {}) },
      // Each item is a key: a singleton's under Pages, a collection's under Content. Keystatic links a key
      // to the collection when both have it, so no key may name both (tests/unit/cms/navigation.test.ts).
      navigation: {
        Pages: ['home', 'about', 'cie', 'solutionsPage', 'results', 'pov', 'site'],
        Content: ['programs', 'offers', 'solutions', 'cieComponents', 'caseStudies', 'legal'],
      },
    },
    collections,
    singletons,
  });
}
