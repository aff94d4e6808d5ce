/**
 * The first item of each kind, in order: the one a test runs to stand for the others of its kind
 * (a page for its template, a tap for the steps that share its definition).
 */
export function firstOfEach<T>(items: readonly T[], kindOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const kind = kindOf(item);
    if (seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}
