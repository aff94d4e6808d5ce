import { getCollection, getEntry } from 'astro:content';
import { routes } from '../../config/routes.ts';

export interface PublicPage {
  path: string;
  /** The page's own title (without the site name), used on its social card. */
  title: string;
}

async function pageTitle(
  collection: 'aboutPage' | 'ciePage' | 'solutionsPage' | 'resultsPage' | 'povPage',
  id: string,
) {
  const entry = await getEntry(collection, id);
  if (!entry) throw new Error(`src/content/pages/${id}.json is missing`);
  return entry.data.seo.title;
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
  const home = await getEntry('homePage', 'home');
  if (!home) throw new Error('src/content/pages/home.json is missing');
  return [
    // The home card carries the hero's promise rather than the site name twice.
    { path: routes.home, title: home.data.hero.headline },
    { path: routes.solutions, title: await pageTitle('solutionsPage', 'solutions') },
    { path: routes.results, title: await pageTitle('resultsPage', 'results') },
    { path: routes.pov, title: await pageTitle('povPage', 'pov') },
    { path: routes.about, title: await pageTitle('aboutPage', 'about') },
    { path: routes.cie, title: await pageTitle('ciePage', 'cie') },
    ...legal.map(({ id, data }) => ({ path: routes.legal(id), title: data.title })),
    ...programs.map(({ id, data }) => ({ path: routes.program(id), title: data.title })),
    ...offers.map(({ id, data }) => ({ path: routes.offer(id), title: data.name })),
    ...caseStudies.map(({ id, data }) => ({ path: routes.caseStudy(id), title: data.title })),
  ];
}

export async function publicPaths(): Promise<string[]> {
  return (await publicPages()).map(({ path }) => path);
}

/** Where a page's social card lives: "/" -> "/og/index.png", "/program/x" -> "/og/program/x.png". */
export function socialCardPath(path: string): string {
  return `/og${path === '/' ? '/index' : path}.png`;
}
