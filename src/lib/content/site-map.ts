import { getCollection } from 'astro:content';

/** Pages that are not generated from a collection. The waiting-list form and error pages are left out on purpose. */
const fixedPages = ['/', '/solutions', '/results', '/pov', '/about', '/cie', '/privacy-policy', '/terms-of-service'];

/** Every public, indexable path of the site, derived from the content so new items appear by themselves. */
export async function publicPaths(): Promise<string[]> {
  const [programs, offers, caseStudies] = await Promise.all([
    getCollection('programs'),
    getCollection('offers'),
    getCollection('caseStudies'),
  ]);
  return [
    ...fixedPages,
    ...programs.map(({ id }) => `/program/${id}`),
    ...offers.map(({ id }) => `/offer/${id}`),
    ...caseStudies.map(({ id }) => `/case-study/${id}`),
  ];
}
