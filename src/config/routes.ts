/**
 * Every internal address of the site, built in one place: pages, components, the sitemap and the
 * structured data ask this module for a URL instead of writing it. Browser-safe (no imports), so
 * islands may use it too. The folders under src/pages must match the shapes written here.
 */

/** Sections of the home page that other pages and buttons link to (the `id` of each section). */
export const homeSections = {
  apply: 'apply',
  findYourPath: 'find-your-path',
} as const;

export type HomeSection = keyof typeof homeSections;

const programBase = '/program/';
const offerBase = '/offer/';

export const routes = {
  home: '/',
  /** A section of the home page from another page, e.g. "/#apply". */
  homeSection: (section: HomeSection) => `/#${homeSections[section]}`,
  solutions: '/solutions',
  results: '/results',
  pov: '/pov',
  about: '/about',
  cie: '/cie',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  /** A legal text of src/content/legal is served at its file name. */
  legal: (id: string) => `/${id}`,
  program: (slug: string) => `${programBase}${slug}`,
  offer: (slug: string) => `${offerBase}${slug}`,
  /** A case study is served at its file name in src/content/case-studies. */
  caseStudy: (name: string) => `/case-study/${name}`,
  /** The no-JavaScript waiting-list form, optionally for one program (stored with the lead). */
  waitlist: ({ program }: { program?: string | null | undefined } = {}) =>
    program ? `/waitlist?program=${encodeURIComponent(program)}` : '/waitlist',
  /** Where a successful no-JavaScript post ends (303 from POST /waitlist), back-link to the program. */
  waitlistJoined: ({ program }: { program?: string | null | undefined } = {}) =>
    program ? `/waitlist/joined?program=${encodeURIComponent(program)}` : '/waitlist/joined',
} as const;

/** Program and offer pages both belong to the header's Programs menu. */
export function isProgramsPath(path: string): boolean {
  return path.startsWith(programBase) || path.startsWith(offerBase);
}
