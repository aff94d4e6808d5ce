/**
 * If-None-Match as RFC 9110 §13.1.2 reads it: `*`, or a list of entity tags compared weakly
 * (`W/"x"` matches `"x"`). A CDN that weakens our ETags, or a cache that sends several, still gets
 * its 304. Hand-written because `fresh` (what Express uses) also weighs Cache-Control and dates we
 * do not need; the grammar is one regular expression.
 */
const ENTITY_TAG = /[\s,]*(?:(W\/)?("[^"\s\p{Cc}]*")|(\*))[ \t]*(?:,|$)/uy;

/** The opaque tags of an If-None-Match header (weakness dropped), `*`, or null when it is malformed. */
export function parseIfNoneMatch(header: string): string[] | null {
  const tags: string[] = [];
  ENTITY_TAG.lastIndex = 0;
  // Empty list elements (", ,") are allowed, as in every HTTP list.
  while (/[^\s,]/.test(header.slice(ENTITY_TAG.lastIndex))) {
    const at = ENTITY_TAG.lastIndex;
    const match = ENTITY_TAG.exec(header);
    if (!match || ENTITY_TAG.lastIndex === at) return null;
    tags.push(match[3] ?? (match[2] as string));
  }
  return tags;
}

/** Whether a GET or HEAD for a resource with `etag` may be answered 304 Not Modified. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = parseIfNoneMatch(header);
  if (!tags) return false;
  const opaque = etag.replace(/^W\//, '');
  return tags.some((tag) => tag === '*' || tag === opaque);
}
