/**
 * The editor's configuration for a given storage: `local` writes the files of this server's working
 * copy; `github` commits to the repository through the GitHub App. The build picks the storage from
 * CMS_MODE (src/build/cms-editor.mjs); tests read the content with `local`.
 */
import { config, type GitHubConfig, type LocalConfig } from '@keystatic/core';
import { createElement } from 'react';
import { LOG_OUT_PATH, PUBLISHING_PATH } from '../config/editor-paths.ts';
import { collections, singletons } from './schema.ts';

/**
 * The editor's typeface: Keystatic's own token (its text sets it on each element; the page itself has
 * no font, so `inherit` would give the browser's serif default), with the system's UI font as fallback.
 */
const EDITOR_FONT = 'var(--kui-typography-font-family-base, system-ui, sans-serif)';

/** The header's links and buttons: small, underlined, in the editor's typeface and colour. */
const HEADER_CONTROL = {
  fontFamily: EDITOR_FONT,
  fontSize: '0.8125rem',
  lineHeight: 1.4,
  color: 'inherit',
  textDecoration: 'underline',
} as const;

/**
 * Whether this server asks for a login (local mode with CMS_PASSWORD): our editor page marks the
 * element the editor mounts into when it does (src/cms/EditorPage.astro). Read in the browser only,
 * where the header renders.
 */
const loginIsOn = () =>
  typeof document !== 'undefined' && document.getElementById('editor')?.hasAttribute('data-login') === true;

/**
 * In local mode, the header's mark holds the link to the publishing status (what went live, or why
 * not) and, where there is a login, the button that ends it: a plain form post, so it works by
 * keyboard like any button and needs no script of ours. Keystatic draws the mark before the name;
 * `order` shows it after, at the header's end, so the name comes first.
 */
const headerControls = () =>
  createElement(
    'span',
    {
      style: {
        order: 1,
        marginInlineStart: 'auto',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: '0.125rem',
      },
    },
    createElement('a', { href: PUBLISHING_PATH, style: HEADER_CONTROL }, 'Publishing status'),
    loginIsOn() &&
      createElement(
        'form',
        { method: 'post', action: LOG_OUT_PATH, style: { margin: 0 } },
        createElement(
          'button',
          {
            type: 'submit',
            style: { ...HEADER_CONTROL, background: 'none', border: 0, padding: 0, cursor: 'pointer' },
          },
          'Log out',
        ),
      ),
  );

export type CmsStorage = LocalConfig['storage'] | GitHubConfig['storage'];

export function cmsConfig(storage: CmsStorage) {
  return config({
    storage,
    ui: {
      // The firm's name alone: beside the header's controls, "Humanwise site editor" was cut to "Humanwise…".
      brand: { name: 'Humanwise', ...(storage.kind === 'local' ? { mark: headerControls } : {}) },
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
