/**
 * The legal texts are the pages the site's own routes serve (src/pages/privacy-policy.astro and
 * terms-of-service.astro, linked from every page's footer and the waiting-list form): the editor
 * changes their text, but the site has no page for another one, and one renamed or deleted leaves
 * its page failing for every visitor while the sitemap lists an address that does not exist. So a
 * save may change a legal text, and neither add, rename nor delete one.
 */
import { routes } from '../../config/routes.ts';
import { LEGAL_TEXTS } from '../../lib/legal/legal-text.ts';
import type { Entry } from './entries.ts';

/** The collection of the legal texts (its file names, each served at /<name>: LEGAL_TEXTS). */
export const LEGAL_COLLECTION = 'legal';

const addresses = LEGAL_TEXTS.map((name) => routes.legal(name)).join(' and ');

/** What to tell the editor, to be followed by the entry's name; undefined when the change is allowed. */
export function fixedPageProblem(change: 'write' | 'delete', entry: Entry): string | undefined {
  if (entry.kind !== 'collection' || entry.key !== LEGAL_COLLECTION) return undefined;
  if (change === 'write' && LEGAL_TEXTS.includes(entry.slug ?? '')) return undefined;
  return (
    `the legal pages stay at ${addresses}, where every page's footer links to them: ` +
    'change their text, but add, rename or delete none'
  );
}
