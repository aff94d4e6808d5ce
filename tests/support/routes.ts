import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const clientDir = join(import.meta.dirname, '..', '..', 'dist', 'client');

/** Pages rendered per request (not files in dist/client). */
export const onDemandRoutes = ['/pov', '/waitlist', '/privacy-policy', '/terms-of-service'];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(join(dir, entry.name))
      : entry.name.endsWith('.html')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every public page of the built site: the prerendered ones read from dist/, plus the on-demand ones. */
export function publicRoutes(): string[] {
  const prerendered = htmlFiles(clientDir)
    .map((file) => `/${relative(clientDir, file).split(sep).join('/')}`)
    // The error pages are files the server sends with their status, not pages anyone asks for.
    .filter((path) => path !== '/404.html' && path !== '/500.html')
    .map((path) => (path === '/index.html' ? '/' : path.replace(/(\/index)?\.html$/, '')));
  return [...new Set([...prerendered, ...onDemandRoutes])].sort();
}

/** The first built route that starts with `prefix`: one page stands for its template. */
export function oneRouteOf(prefix: string): string {
  const route = publicRoutes().find((candidate) => candidate.startsWith(prefix));
  if (!route) throw new Error(`no built route starts with ${prefix}`);
  return route;
}
