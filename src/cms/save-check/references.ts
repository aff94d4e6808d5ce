/**
 * References between entries (a program's offer, an offer's program: the editor's relationship
 * fields, src/cms/fields.ts) against the content as it will be after the save: the working copy's
 * entries, plus the save's, minus the ones it deletes. A page whose reference names no entry fails
 * the build (src/lib/content/queries.ts getReferenced), so such a save is refused instead.
 */
import {
  type CmsConfig,
  collectionsOf,
  dataInWorkingCopy,
  type Entry,
  type Field,
  fileOf,
  nameOf,
  singular,
  slugsIn,
} from './entries.ts';

/** An entry a relationship field names, with the field's labels. */
interface Named {
  labels: string[];
  collection: string;
  slug: string;
}

/** The entries the data's relationship fields name, nested ones included. */
function* namedIn(field: Field, value: unknown, labels: string[] = []): Generator<Named> {
  if (field.collection) {
    if (typeof value === 'string') yield { labels, collection: field.collection, slug: value };
  } else if (field.kind === 'object' && value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(field.fields ?? {}))
      yield* namedIn(inner, (value as Record<string, unknown>)[key], [...labels, inner.label ?? key]);
  } else if (field.kind === 'array' && field.element && Array.isArray(value)) {
    for (const [index, item] of value.entries())
      yield* namedIn(field.element, item, [...labels, `${field.element.label ?? 'Item'} ${index + 1}`]);
  }
}

/** The saved entries (with their data) and the deleted files, as the save sends them. */
export interface Changes {
  saved: { entry: Entry; data: Record<string, unknown> }[];
  deleted: { entry: Entry; file: string }[];
}

export function checkReferences(config: CmsConfig, root: string, changes: Changes): string | undefined {
  const collections = collectionsOf(config);
  const label = (key: string) => singular(collections.find((collection) => collection.key === key)?.label ?? key);
  /** The slugs of a collection's entries among the saved or the deleted ones. */
  const slugs = (changed: { entry: Entry }[], key: string) =>
    changed.flatMap(({ entry }) => (entry.key === key && entry.slug ? [entry.slug] : []));
  const savedSlugs = (key: string) => slugs(changes.saved, key);
  /** The slugs of a collection once the save is written: its folder read once, however often asked. */
  const afterSave = new Map<string, Set<string>>();
  const after = (key: string) => {
    let entries = afterSave.get(key);
    if (!entries) {
      const deleted = new Set(slugs(changes.deleted, key));
      entries = new Set([...slugsIn(config, root, key).filter((slug) => !deleted.has(slug)), ...savedSlugs(key)]);
      afterSave.set(key, entries);
    }
    return entries;
  };

  // What the saved entries name must exist.
  for (const { entry, data } of changes.saved) {
    for (const named of namedIn({ kind: 'object', fields: entry.schema }, data)) {
      if (!after(named.collection).has(named.slug))
        return `Not saved: "${named.labels.join(' › ')}" names ${label(named.collection)} "${named.slug}", which does not exist (${nameOf(entry, data)})`;
    }
  }

  // No entry left as it is may name one the save deletes (or renames: deletes, then adds under another name).
  for (const { entry: removed, file } of changes.deleted) {
    if (!removed.slug || after(removed.key).has(removed.slug)) continue;
    for (const collection of collections) {
      for (const slug of after(collection.key)) {
        if (savedSlugs(collection.key).includes(slug)) continue;
        const other = fileOf(config, collection.key, slug);
        const data = dataInWorkingCopy(root, other);
        const named = data
          ? [...namedIn({ kind: 'object', fields: collection.schema }, data)].find(
              (name) => name.collection === removed.key && name.slug === removed.slug,
            )
          : undefined;
        if (!named) continue;
        const referrer = nameOf({ ...collection, slug }, data);
        return `Not saved: ${referrer} names this ${label(removed.key)} under "${named.labels.join(' › ')}" (${other}), so it cannot be deleted or change its address while it does (${nameOf(removed, dataInWorkingCopy(root, file))})`;
      }
    }
  }
  return undefined;
}
