/**
 * Which editor entry a content file is, as the editor names it: from the collections' and
 * singletons' paths in src/cms/schema.ts (the one place they are declared), its kind ("case study"),
 * its title, where the editor opens it, and the editor's label for a field named by its key path
 * (`updated` is "Last revised", `seo.description` "Search and sharing › Search description").
 * The publishing status page (src/server/cms/build-failure.ts) says with it what a failed build
 * was about, in the editor's words.
 */
import { collections, singletons } from './schema.ts';

/** What a field of the schema is, as far as its label and its nesting go. */
interface SchemaNode {
  kind: string;
  label?: string;
  fields?: Record<string, SchemaNode>;
  element?: SchemaNode;
}

type Target = { kind: 'collection'; key: string; slug: string } | { kind: 'singleton'; key: string };

interface Declared {
  label: string;
  path?: string;
  format?: unknown;
  slugField?: string;
  schema: Record<string, SchemaNode>;
}

const collectionsByKey = collections as unknown as Record<string, Declared>;
const singletonsByKey = singletons as unknown as Record<string, Declared>;

/** The editor's label of a field, and of the fields beside it (their keys may be in its message). */
export interface FieldInEditor {
  /** "Last revised"; nested fields are joined with " › ": "Highlights › item 1 › Figure". */
  label: string;
  /** The field's own key and the keys of the fields in the same group, each with its label. */
  neighbours: Record<string, string>;
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

const extensionOf = (declared: Declared) =>
  typeof declared.format === 'object' && declared.format !== null && 'contentField' in declared.format ? 'md' : 'json';

/** The entry a content file (relative to the project, `src/content/...`) is, if the editor edits it. */
function targetOf(file: string): Target | undefined {
  for (const [key, declared] of Object.entries(collectionsByKey)) {
    const folder = (declared.path ?? '').replace(/\*$/, '');
    const match = file.startsWith(folder)
      ? /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(json|md)$/.exec(file.slice(folder.length))
      : null;
    if (match?.[1] && match[2] === extensionOf(declared)) return { kind: 'collection', key, slug: match[1] };
  }
  for (const [key, declared] of Object.entries(singletonsByKey)) {
    if (file === `${declared.path}.json`) return { kind: 'singleton', key };
  }
  return undefined;
}

/** "Case studies" -> "case study", "CIE components" -> "CIE component", "Legal pages" -> "legal page". */
export function singularKind(label: string): string {
  const words = label.split(' ');
  const last = words.pop() ?? '';
  const singular = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.replace(/s$/, '');
  return [...words, singular]
    .map((word, index) => (index === 0 && !/^[A-Z]{2,}/.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

/** A collection's label ("Offers"), by its key, which is also the build's name for it. */
export function collectionLabel(key: string): string | undefined {
  return collectionsByKey[key]?.label;
}

/** The file of a collection's entry, from the build's names for them (`programs`, `opportunity-mapping`). */
export function fileOfEntry(collection: string, slug: string): string | undefined {
  const declared = collectionsByKey[collection];
  if (!declared?.path) return undefined;
  return `${declared.path.replace(/\*$/, '')}${slug}.${extensionOf(declared)}`;
}

/** The title field's value in a JSON file or a Markdown file's front matter; undefined when unreadable. */
function titleIn(source: string, fieldKey: string, extension: string): string | undefined {
  if (extension === 'json') {
    try {
      const value = (JSON.parse(source) as Record<string, unknown>)[fieldKey];
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    } catch {
      return undefined;
    }
  }
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const raw = new RegExp(`^${fieldKey}:[ \\t]*(.*)$`, 'm').exec(frontmatter)?.[1]?.trim();
  if (!raw) return undefined;
  // Keystatic writes a title plain, or quoted when YAML needs it.
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return undefined;
    }
  }
  if (raw.startsWith("'")) return raw.slice(1, -1).replaceAll("''", "'");
  return raw;
}

/** The editor's labels along a key path (`highlights.0.value`), and the labels beside the last one. */
function fieldOf(schema: Record<string, SchemaNode>, keyPath: string): FieldInEditor | undefined {
  const keys = keyPath.split('.');
  const labels: string[] = [];
  let group: Record<string, SchemaNode> | undefined = schema;
  let node: SchemaNode | undefined;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] ?? '';
    if (/^\d+$/.test(key) && node?.kind === 'array' && node.element) {
      labels.push(`item ${Number(key) + 1}`);
      node = node.element;
      group = node.fields;
      continue;
    }
    node = group?.[key];
    if (!node) return undefined;
    labels.push(node.label ?? key);
    if (i < keys.length - 1) group = node.fields;
  }
  const neighbours: Record<string, string> = {};
  for (const [key, field] of Object.entries(group ?? {})) if (field.label) neighbours[key] = field.label;
  return { label: labels.join(' › '), neighbours };
}

/**
 * The entry `file` is in the editor; `source` is its text as saved (for its title), when it could
 * be read. Undefined for a file the editor does not edit.
 */
export function entryInEditor(file: string, source: string | undefined): EntryInEditor | undefined {
  const target = targetOf(file);
  if (!target) return undefined;
  if (target.kind === 'singleton') {
    const declared = singletonsByKey[target.key] as Declared;
    return {
      kind: 'page',
      title: declared.label,
      editorPath: `singleton/${encodeURIComponent(target.key)}`,
      field: (keyPath) => fieldOf(declared.schema, keyPath),
    };
  }
  const declared = collectionsByKey[target.key] as Declared;
  const title =
    (source !== undefined && declared.slugField
      ? titleIn(source, declared.slugField, extensionOf(declared))
      : undefined) ?? target.slug;
  return {
    kind: singularKind(declared.label),
    title,
    editorPath: `collection/${encodeURIComponent(target.key)}/item/${encodeURIComponent(target.slug)}`,
    field: (keyPath) => fieldOf(declared.schema, keyPath),
  };
}
