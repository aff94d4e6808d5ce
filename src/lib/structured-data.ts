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

export interface ServiceDescription {
  name: string;
  description: string;
  /** Path of the page that describes the service, e.g. "/offer/ai-advantage-lab". */
  path: string;
  /** Who it is for, e.g. "Small Business Owners (10-100 employees)". */
  audience?: string;
  areaServed?: string;
}

/** schema.org Service for a program or offer page, provided by the organisation. */
export function serviceJsonLd({ name, description, path, audience, areaServed = 'Worldwide' }: ServiceDescription): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    description,
    url: absoluteUrl(path),
    serviceType: 'Innovation consulting',
    areaServed,
    provider: { '@type': 'Organization', name: site.companyName, url: absoluteUrl('/') },
    ...(audience ? { audience: { '@type': 'BusinessAudience', name: audience } } : {}),
  };
}
