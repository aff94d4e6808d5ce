import { routes } from '../config/routes.ts';
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

/** How other entities refer to the company. */
function organizationReference(): Record<string, unknown> {
  return { '@type': 'Organization', name: site.companyName, url: absoluteUrl('/') };
}

export interface CaseStudyJsonLdInput {
  /** Route of the study, e.g. "/case-study/cdp". */
  path: string;
  title: string;
  description: string;
  category: string;
  industry: string;
  /** Path of the processed hero image, e.g. "/_astro/cdp.Bx1.svg". */
  imagePath: string;
  /** From the study's content (`published`, `updated`): the build time would say every study changed at each deploy. */
  published: Date;
  updated: Date;
}

/** A calendar date as schema.org expects it: "2025-05-06". */
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** schema.org Article for a case study, written and published by the company itself. */
export function caseStudyJsonLd(study: CaseStudyJsonLdInput): Record<string, unknown> {
  const organization = organizationReference();
  const url = absoluteUrl(study.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: study.title,
    description: study.description,
    articleSection: study.category,
    about: { '@type': 'Thing', name: study.industry },
    image: absoluteUrl(study.imagePath),
    datePublished: isoDate(study.published),
    dateModified: isoDate(study.updated),
    author: organization,
    publisher: { ...organization, logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') } },
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    isPartOf: { '@type': 'CollectionPage', name: 'Our Results', url: absoluteUrl(routes.results) },
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

/** Who a program (and the offer it leads to) is for: "Small Business Owners (10-100 employees)". */
export function programAudience(program: { audience: string; sizeBand: string }): string {
  return `${program.audience} (${program.sizeBand})`;
}

/** schema.org Service for a program or offer page, provided by the organisation. */
export function serviceJsonLd({
  name,
  description,
  path,
  audience,
  areaServed = 'Worldwide',
}: ServiceDescription): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    description,
    url: absoluteUrl(path),
    serviceType: 'Innovation consulting',
    areaServed,
    provider: organizationReference(),
    ...(audience ? { audience: { '@type': 'BusinessAudience', name: audience } } : {}),
  };
}
