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

export interface CaseStudyJsonLdInput {
  /** Route of the study, e.g. "/case-study/cdp". */
  path: string;
  title: string;
  description: string;
  category: string;
  industry: string;
  /** Path of the processed hero image, e.g. "/_astro/cdp.Bx1.svg". */
  imagePath: string;
}

/** schema.org Article for a case study, written and published by the company itself. */
export function caseStudyJsonLd(study: CaseStudyJsonLdInput): Record<string, unknown> {
  const organization = { '@type': 'Organization', name: site.companyName, url: absoluteUrl('/') };
  const url = absoluteUrl(study.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: study.title,
    description: study.description,
    articleSection: study.category,
    about: { '@type': 'Thing', name: study.industry },
    image: absoluteUrl(study.imagePath),
    author: organization,
    publisher: { ...organization, logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') } },
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    isPartOf: { '@type': 'CollectionPage', name: 'Our Results', url: absoluteUrl('/results') },
  };
}
