import { site } from '../config/site.ts';

/** Absolute URL on the public site for a path ("/results" -> "https://www.example.com/results"). */
export function absoluteUrl(path: string): string {
  return new URL(path, `${site.siteUrl}/`).toString().replace(/\/$/, path === '/' ? '/' : '');
}

/** Search results cut titles past about 70 characters. */
const TITLE_LIMIT = 70;

/**
 * "Our Results" -> "Our Results | Humanwise". The home page uses its own title as given, and a
 * title already near the limit goes without the name rather than be cut off in search results.
 */
export function pageTitle(title: string, { standalone = false } = {}): string {
  const branded = `${title} | ${site.shortName}`;
  return standalone || branded.length > TITLE_LIMIT ? title : branded;
}

/** The public path of a page: prerendering reports "/index.html" or "/about.html", visitors see "/" and "/about". */
export function publicPath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path === '' ? '/' : path;
}
