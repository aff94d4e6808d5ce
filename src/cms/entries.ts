/**
 * Which editor entry a content file is, in the editor's words: its kind ("case study"), its title,
 * where the editor opens it, and the editor's label for a field named by its key path (`updated` is
 * "Last revised", `seo.description` "Search and sharing › Search description"). The publishing
 * status page (src/lib/content/build-failure.ts) says with it what a failed build was about. The
 * mapping itself is the save check's (save-check/entries.ts), read from src/cms/schema.ts: one
 * place says which file is which entry.
 */
import { collections, singletons } from './schema.ts';
import {
  type CmsConfig,
  entryOf,
  type Field,
  fieldAt,
  fileOf,
  keysAsLabels,
  labelsAt,
  readableData,
  singular,
  titleOf,
} from './save-check/entries.ts';

/** The editor's collections and singletons: all the mapping reads of its configuration. */
const editor = { collections, singletons } as unknown as CmsConfig;

/** The editor's label of a field, and its rules' messages in the editor's words. */
export interface FieldInEditor {
  /** "Last revised"; nested fields are joined with " › ". */
  label: string;
  /** A message naming this field or those beside it by their keys, with their labels instead. */
  inLabels(message: string): string;
}

export interface EntryInEditor {
  /** "case study", "program"; "page" for the Pages (the singletons). */
  kind: string;
  /** The entry's title as the editor lists it (a page's label). */
  title: string;
  /** Where the editor opens it, below the editor's own address: `collection/caseStudies/item/stella`. */
  editorPath: string;
  field(keyPath: string): FieldInEditor | undefined;
}

/** The editor's labels along a key path (`highlights.0.value`), and the group the last one is in. */
function fieldOf(schema: Record<string, Field>, keyPath: string): FieldInEditor | undefined {
  const at = keyPath.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  if (!fieldAt(schema, at)) return undefined;
  const group: Record<string, Field> = fieldAt(schema, at.slice(0, -1))?.fields ?? {};
  return {
    label: labelsAt(schema, at).join(' › '),
    inLabels: (message) => keysAsLabels(message, group, ['“', '”']),
  };
}

/**
 * The entry `file` is in the editor; `source` is its text as saved (for its title), when it could
 * be read. Undefined for a file the editor does not edit.
 */
export function entryInEditor(file: string, source: string | undefined): EntryInEditor | undefined {
  const entry = entryOf(editor, file);
  if (!entry) return undefined;
  const field = (keyPath: string) => fieldOf(entry.schema, keyPath);
  if (entry.kind === 'singleton') {
    return { kind: 'page', title: entry.label, editorPath: `singleton/${encodeURIComponent(entry.key)}`, field };
  }
  const data = source === undefined ? undefined : readableData(file, Buffer.from(source));
  return {
    kind: singular(entry.label),
    title: titleOf(entry, data),
    editorPath: `collection/${encodeURIComponent(entry.key)}/item/${encodeURIComponent(entry.slug ?? '')}`,
    field,
  };
}

/** A collection's label ("Offers"), by its key, which is also the build's name for it. */
export function collectionLabel(key: string): string | undefined {
  return (collections as Record<string, { label: string }>)[key]?.label;
}

/** The file of a collection's entry, from the build's names for them (`programs`, `opportunity-mapping`). */
export function fileOfEntry(collection: string, slug: string): string | undefined {
  return collection in collections ? fileOf(editor, collection, slug) : undefined;
}
