import { site } from '../config/site.ts';

/** Absolute URL on the public site for a path ("/results" -> "https://www.example.com/results"). */
export function absoluteUrl(path: string): string {
  return new URL(path, `${site.siteUrl}/`).toString().replace(/\/$/, path === '/' ? '/' : '');
}

/** "Our Results" -> "Our Results | Humanwise"; the home page uses its own title as given. */
export function pageTitle(title: string, { standalone = false } = {}): string {
  return standalone ? title : `${title} | ${site.shortName}`;
}

/** The public path of a page: prerendering reports "/index.html" or "/about.html", visitors see "/" and "/about". */
export function publicPath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path === '' ? '/' : path;
}
