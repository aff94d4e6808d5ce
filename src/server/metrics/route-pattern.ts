/**
 * The `route` label of http_request_duration_seconds: the route's pattern, never the raw path, so
 * a request cannot add a series (a scanner trying ten thousand paths adds one: `(unmatched)`).
 * The patterns are those of src/pages (src/config/routes.ts builds the same shapes).
 */
const dynamicRoutes: readonly (readonly [prefix: string, pattern: string])[] = [
  ['/program/', '/program/[slug]'],
  ['/offer/', '/offer/[slug]'],
  ['/case-study/', '/case-study/[name]'],
  ['/og/', '/og/[...card].png'],
  ['/_astro/', '/_astro/[file]'],
];

/**
 * `isKnownPath`: the paths the server answers itself (built files, APIs, form posts, health,
 * metrics). Anything else reached Astro's on-demand pages: its path when Astro rendered it, a
 * fixed name otherwise.
 */
export function routePattern(path: string, status: number, isKnownPath: (path: string) => boolean): string {
  if (status !== 404) {
    for (const [prefix, pattern] of dynamicRoutes) if (path.startsWith(prefix)) return pattern;
  }
  if (isKnownPath(path)) return path;
  if (status < 300) return path;
  if (status < 400) return '(redirect)';
  if (status < 500) return '(unmatched)';
  return '(error)';
}
