import { getCollection } from 'astro:content';
import { routes } from '../../config/routes.ts';
import { getPage, type PageName } from './queries.ts';

export interface PublicPage {
  path: string;
  /** The page's own title (without the site name), used on its social card. */
  title: string;
}

/**
 * Every public, indexable page of the site, derived from the content so new items appear by
 * themselves. The waiting-list form and the error pages are left out on purpose.
 */
export async function publicPages(): Promise<PublicPage[]> {
  const [programs, offers, caseStudies, legal] = await Promise.all([
    getCollection('programs'),
    getCollection('offers'),
    getCollection('caseStudies'),
    getCollection('legal'),
  ]);
  const home = await getPage('home');
  const pageTitle = async (name: Exclude<PageName, 'home'>) => (await getPage(name)).seo.title;
  return [
    // The home card carries the hero's promise rather than the site name twice.
    { path: routes.home, title: home.hero.headline },
    { path: routes.solutions, title: await pageTitle('solutions') },
    { path: routes.results, title: await pageTitle('results') },
    { path: routes.pov, title: await pageTitle('pov') },
    { path: routes.about, title: await pageTitle('about') },
    { path: routes.cie, title: await pageTitle('cie') },
    ...legal.map(({ id, data }) => ({ path: routes.legal(id), title: data.title })),
    ...programs.map(({ id, data }) => ({ path: routes.program(id), title: data.title })),
    ...offers.map(({ id, data }) => ({ path: routes.offer(id), title: data.name })),
    ...caseStudies.map(({ id, data }) => ({ path: routes.caseStudy(id), title: data.title })),
  ];
}

export async function publicPaths(): Promise<string[]> {
  return (await publicPages()).map(({ path }) => path);
}

/**
 * Whether an internal link (a solution's "more detail") leads to a page of the site: its path, before
 * any `#section` or `?query`, is one of `paths` (publicPaths()). A link to no page built silently and
 * sent visitors to "Page not found".
 */
export function isPageOf(paths: readonly string[], link: string): boolean {
  const path = link.replace(/[?#].*$/, '') || '/';
  return paths.includes(path);
}

/** Where a page's social card lives: "/" -> "/og/index.png", "/program/x" -> "/og/program/x.png". */
export function socialCardPath(path: string): string {
  return `/og${path === '/' ? '/index' : path}.png`;
}
