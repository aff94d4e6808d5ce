/**
 * The editor's configuration for a given storage: `local` writes the files of this server's working
 * copy; `github` commits to the repository through the GitHub App. The build picks the storage from
 * CMS_MODE (src/build/cms-editor.mjs); tests read the content with `local`.
 */
import { config, type GitHubConfig, type LocalConfig } from '@keystatic/core';
import { collections, singletons } from './schema.ts';

export type CmsStorage = LocalConfig['storage'] | GitHubConfig['storage'];

export function cmsConfig(storage: CmsStorage) {
  return config({
    storage,
    ui: {
      brand: { name: 'Humanwise site editor' },
      navigation: {
        Pages: ['home', 'about', 'cie', 'solutions', 'results', 'pov', 'site'],
        Content: ['programs', 'offers', 'solutions', 'cieComponents', 'caseStudies', 'legal'],
      },
    },
    collections,
    singletons,
  });
}
