/**
 * Every content query the routes make, in one place. A missing entry stops the build naming the
 * file to fix, and collections that carry an `order` come back in it.
 */
import { type CollectionEntry, type CollectionKey, getCollection, getEntry } from 'astro:content';
import { correctionNeeded } from './correction-needed.ts';

/** The collections whose entries have an `order`: their place on the page that lists them. */
export type OrderedCollection = {
  [C in CollectionKey]: CollectionEntry<C>['data'] extends { order: number } ? C : never;
}[CollectionKey];

type Ordered = { id: string; data: { order: number } };

/**
 * Entries by `order`, then, for entries given the same number (a slip, or on the way to a new order,
 * one save at a time), by file name: the order Astro hands entries over in follows the files'
 * loading, so ties could swap places from one build to the next with no change to the content.
 */
export function inOrder<T extends Ordered>(entries: T[]): T[] {
  return entries.sort((a, b) => a.data.order - b.data.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every entry of a collection, in its `order` (the same number: by file name). */
export async function getOrdered<C extends OrderedCollection>(collection: C): Promise<CollectionEntry<C>[]> {
  return inOrder((await getCollection(collection)) as (CollectionEntry<C> & Ordered)[]);
}

export type CaseStudyEntry = CollectionEntry<'caseStudies'>;

/** Every case study in the order the Results page shows them. */
export function getCaseStudies(): Promise<CaseStudyEntry[]> {
  return getOrdered('caseStudies');
}

/** A page's copy: `home` for src/content/pages/home.json, read through its `homePage` collection. */
export type PageName = CollectionKey extends infer K ? (K extends `${infer Name}Page` ? Name : never) : never;

export async function getPage<P extends PageName>(name: P): Promise<CollectionEntry<`${P}Page`>['data']> {
  const entry = (await getEntry(`${name}Page` as `${P}Page`, name)) as CollectionEntry<`${P}Page`> | undefined;
  if (!entry) throw new Error(`src/content/pages/${name}.json is missing`);
  return entry.data;
}

/** A legal text: `id` is its file name in src/content/legal, without ".md". */
export async function getLegalText(id: string): Promise<CollectionEntry<'legal'>> {
  const entry = await getEntry('legal', id);
  if (!entry) throw new Error(`src/content/legal/${id}.md is missing`);
  return entry;
}

/**
 * The entry a reference field of `from` names (a program's offer, an offer's program). One that does
 * not exist stops the build in Astro's own words for it (which it only logs while it syncs), so the
 * build's report and the editor's publishing page say it as the entry's field and the entry it names
 * (src/lib/content/build-failure.ts); with no stack, which would bury it: the mistake is the file's.
 */
export async function getReferenced<C extends CollectionKey>(
  reference: { collection: C; id: string },
  from: { id: string; collection: string; filePath?: string | undefined },
  field: string,
): Promise<CollectionEntry<C>> {
  const entry = (await getEntry(reference.collection, reference.id)) as CollectionEntry<C> | undefined;
  if (!entry) {
    throw fileMistake(
      `Invalid content reference: entry "${from.id}" in collection "${from.collection}" (field: ${field}) ` +
        `references "${reference.id}" in collection "${reference.collection}", but that entry does not exist. ` +
        `Correct ${from.filePath ?? from.id}.`,
    );
  }
  return entry;
}

/**
 * A content entry's field that the page cannot use, as the build says a Markdown body's problems
 * (src/content/markdown-loader.ts), so its report and the editor's publishing page name the entry,
 * the field by its label and what to do (src/lib/content/build-failure.ts). No stack: the mistake is
 * the file's.
 */
export function contentFieldError(
  entry: { id: string; collection: string; filePath?: string | undefined },
  field: string,
  message: string,
): Error {
  return fileMistake(
    correctionNeeded({ collection: entry.collection, id: entry.id, file: entry.filePath ?? entry.id }, [
      { field, message },
    ]),
  );
}

/** An error that is a content file's mistake: its message says it all, and a stack would bury it. */
function fileMistake(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}

/** One prerendered page per entry of a collection, at its file name: `[slug].astro` routes export this. */
export async function staticPathsFor<C extends CollectionKey>(collection: C) {
  return (await getCollection(collection)).map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
