import { site } from '../config/site.ts';
import { absoluteUrl } from './seo.ts';

/** schema.org Organization for the home page. */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.companyName,
    alternateName: site.shortName,
    description: site.tagline,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
    email: site.contactEmail,
    sameAs: [site.linkedinUrl],
  };
}
