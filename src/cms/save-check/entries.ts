/**
 * The files of a save as the editor knows them: which entry a content file is, its data as the build
 * reads it, and its name as the editor shows it (`case study "Stella"`). The editor's schema is read
 * generically here: its fields' kinds, labels, and the extras our own fields carry (src/cms/fields.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFrontmatter } from 'astro/markdown';
import type { cmsConfig } from '../config.ts';

export type CmsConfig = ReturnType<typeof cmsConfig>;

/** An editor field, read generically (Keystatic's field objects, and `collection` on a relationship). */
export interface Field {
  kind: string;
  formKind?: string;
  label?: string;
  fields?: Record<string, Field>;
  element?: Field;
  /** A relationship's collection (src/cms/fields.ts relationship()). */
  collection?: string;
  /** Where an image field's uploads are stored. */
  directory?: string;
}

interface EditedThing {
  label: string;
  schema: Record<string, unknown>;
  path?: string;
  format?: unknown;
  slugField?: string;
}

/** One collection's entry (`slug` names its file) or one singleton. */
export interface Entry {
  kind: 'collection' | 'singleton';
  key: string;
  slug?: string;
  label: string;
  schema: Record<string, Field>;
  slugField?: string;
}

/** An entry's file name without its extension, as the editor makes them. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const things = (config: CmsConfig, kind: 'collections' | 'singletons') =>
  Object.entries((config[kind] ?? {}) as Record<string, EditedThing>);

/** A collection's folder and its entries' extension (Markdown when it has a content field). */
function filesOf(collection: EditedThing): { folder: string; extension: 'md' | 'json' } {
  const format = collection.format as { contentField?: string } | undefined;
  return { folder: (collection.path ?? '').replace(/\*$/, ''), extension: format?.contentField ? 'md' : 'json' };
}

function collectionEntry(key: string, collection: EditedThing, slug?: string): Entry {
  return {
    kind: 'collection',
    key,
    label: collection.label,
    schema: collection.schema as Record<string, Field>,
    ...(slug ? { slug } : {}),
    ...(collection.slugField ? { slugField: collection.slugField } : {}),
  };
}

/** Which entry a saved file is: only the exact file names the configuration defines. */
export function entryOf(config: CmsConfig, file: string): Entry | undefined {
  for (const [key, collection] of things(config, 'collections')) {
    const { folder, extension } = filesOf(collection);
    if (!file.startsWith(folder) || !file.endsWith(`.${extension}`)) continue;
    const slug = file.slice(folder.length, -`.${extension}`.length);
    if (SLUG.test(slug)) return collectionEntry(key, collection, slug);
  }
  for (const [key, singleton] of things(config, 'singletons')) {
    if (file === `${singleton.path}.json`)
      return { kind: 'singleton', key, label: singleton.label, schema: singleton.schema as Record<string, Field> };
  }
  return undefined;
}

/** Every collection, as an entry without a slug. */
export const collectionsOf = (config: CmsConfig): Entry[] =>
  things(config, 'collections').map(([key, collection]) => collectionEntry(key, collection));

/** The file of a collection's entry, relative to the working copy. */
export function fileOf(config: CmsConfig, key: string, slug: string): string {
  const { folder, extension } = filesOf((config.collections as Record<string, EditedThing>)[key] as EditedThing);
  return `${folder}${slug}.${extension}`;
}

/** The slugs of a collection's entries in the working copy at `root`. */
export function slugsIn(config: CmsConfig, root: string, key: string): string[] {
  const { folder, extension } = filesOf((config.collections as Record<string, EditedThing>)[key] as EditedThing);
  let names: string[];
  try {
    names = readdirSync(path.join(root, folder));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(`.${extension}`))
    .map((name) => name.slice(0, -`.${extension}`.length))
    .filter((slug) => SLUG.test(slug));
}

/** A content file's data as the build reads it: the JSON, or a Markdown file's frontmatter. */
export function dataOf(file: string, contents: Buffer): Record<string, unknown> {
  const text = contents.toString('utf8');
  const data: unknown = file.endsWith('.md') ? parseFrontmatter(text).frontmatter : JSON.parse(text);
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

/** A file's data, or undefined when it is not valid JSON or YAML (which the editor's rules report). */
export function readableData(file: string, contents: Buffer): Record<string, unknown> | undefined {
  try {
    return dataOf(file, contents);
  } catch {
    return undefined;
  }
}

/** A working-copy file's data, or undefined when it is missing or unreadable (not this save's doing). */
export function dataInWorkingCopy(root: string, file: string): Record<string, unknown> | undefined {
  try {
    return readableData(file, readFileSync(path.join(root, file)));
  } catch {
    return undefined;
  }
}

/** "Case studies" -> "case study", "CIE components" -> "CIE component". */
export function singular(label: string): string {
  const one = label.replace(/ies$/, 'y').replace(/s$/, '');
  return /^[A-Z][a-z]/.test(one) ? one.charAt(0).toLowerCase() + one.slice(1) : one;
}

/** A collection entry's title as the editor lists it: its title field, or its file's name. */
export function titleOf(entry: Entry, data: Record<string, unknown> | undefined): string {
  const title = entry.slugField ? data?.[entry.slugField] : undefined;
  return typeof title === 'string' && title.trim() ? title.trim() : (entry.slug ?? '');
}

/** The entry as the editor shows it: `case study "Stella"` (its title), or a singleton's label. */
export function nameOf(entry: Entry, data: Record<string, unknown> | undefined): string {
  if (entry.kind === 'singleton') return `"${entry.label}"`;
  return `${singular(entry.label)} "${titleOf(entry, data)}"`;
}

/**
 * The entry's Markdown body field (Keystatic's content field), with the label src/cms/fields.ts
 * gives it: undefined for an entry without a body.
 */
export const bodyField = (entry: Entry): Field | undefined =>
  Object.values(entry.schema).find((field) => field.kind === 'form' && field.formKind === 'content');

/** The field at `at` in an entry's data (an object's key, a list's index), if the editor has one there. */
export function fieldAt(schema: Record<string, Field>, at: readonly PropertyKey[]): Field | undefined {
  let field: Field | undefined = { kind: 'object', fields: schema };
  for (const key of at) field = field?.kind === 'array' ? field.element : field?.fields?.[String(key)];
  return field;
}

/** A field's labels along `at`, as the editor shows them: "Guarantee › Days", "Phases › Phase 2 › Weeks". */
export function labelsAt(schema: Record<string, Field>, at: readonly PropertyKey[]): string[] {
  const labels: string[] = [];
  at.forEach((key, index) => {
    const field = fieldAt(schema, at.slice(0, index + 1));
    if (!field?.label) return;
    labels.push(typeof key === 'number' ? `${field.label} ${key + 1}` : field.label);
  });
  return labels;
}

/**
 * A rule's message that names fields by their keys ("updated must not be earlier than published"),
 * with each key of a field in `group` put as that field's label, in `quotes`: the editor's words.
 */
export function keysAsLabels(
  message: string,
  group: Record<string, Field>,
  [open, close]: readonly [string, string],
): string {
  return message.replace(/\b[a-z][A-Za-z]*\b/g, (word) => {
    const label = Object.hasOwn(group, word) ? group[word]?.label : undefined;
    return label ? `${open}${label}${close}` : word;
  });
}

/** Every field of a schema, nested ones included, with its labels. */
export function* fieldsIn(schema: Record<string, Field>, labels: string[] = []): Generator<[Field, string[]]> {
  for (const field of Object.values(schema)) {
    const here = [...labels, field.label ?? ''];
    yield [field, here];
    if (field.kind === 'object' && field.fields) yield* fieldsIn(field.fields, here);
    if (field.kind === 'array' && field.element) yield* fieldsIn({ item: field.element }, here);
  }
}
