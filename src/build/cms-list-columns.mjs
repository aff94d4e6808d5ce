/**
 * Keystatic heads the first column of a collection's list "Slug" ("Name" when the collection lists
 * no other column) and takes no option for it (Thinkmill/keystatic#1579): to the marketing team,
 * "Slug" is jargon for what is the page's web address, or for solutions and CIE components a file's
 * name. The editor's bundle is given one change: that column is headed with the label of the
 * collection's own address field ("Web address", "File name": src/cms/fields.ts titleAndAddress()),
 * the label the entry's form shows above the same value.
 *
 * This is a change to Keystatic's code, so it is exact: the build stops, naming the Keystatic version
 * and this file, when the code it changes is not there as expected, and
 * tests/unit/build/cms-list-columns.test.ts runs it on the installed Keystatic.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The column's heading in Keystatic's collection list (its CollectionPage's `columns`). */
const HEADING = /name: '(Slug|Name)',(\s+)key: SLUG\b/g;
/** "Slug" once (with `columns`), "Name" twice (without, with and without the status column). */
const HEADINGS = 3;
/** The module of Keystatic's browser build that holds the collection list. */
const LIST_MODULE = /[\\/]@keystatic[\\/]core[\\/]dist[\\/]keystatic-core-ui\.js$/;

function keystaticVersion() {
  const require = createRequire(import.meta.url);
  const manifest = JSON.parse(readFileSync(require.resolve('@keystatic/core/package.json'), 'utf8'));
  return String(manifest.version);
}

/**
 * Keystatic's list code with the column headed by the address field's label, Keystatic's own word
 * where a collection has none.
 * @param {string} code
 * @returns {string}
 */
export function labelAddressColumn(code) {
  const found = code.match(HEADING)?.length ?? 0;
  if (found !== HEADINGS) {
    throw new Error(
      `@keystatic/core ${keystaticVersion()} no longer heads its collection list's first column as ` +
        `src/build/cms-list-columns.mjs expects (${found} of ${HEADINGS} headings found): update that file.`,
    );
  }
  return code.replace(
    HEADING,
    (_, word, space) => `name: collection.schema[collection.slugField]?.addressLabel ?? '${word}',${space}key: SLUG`,
  );
}

/**
 * The Vite plugin that applies it to Keystatic's browser build.
 * @returns {import('vite').Plugin}
 */
export function cmsListColumns() {
  return {
    name: 'humanwise:cms-list-columns',
    transform: (code, id) =>
      LIST_MODULE.test(id.split('?')[0] ?? id) ? { code: labelAddressColumn(code), map: null } : null,
  };
}
