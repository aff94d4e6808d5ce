import { describe, expect, it } from 'vitest';
import { caseStudyJsonLd } from '../../../src/lib/structured-data.ts';

describe('caseStudyJsonLd', () => {
  const jsonLd = caseStudyJsonLd({
    path: '/case-study/cdp',
    title: 'A Certified Driver Program for Electric Rideshare',
    description: 'Three driver profiles and ten design principles.',
    category: 'Automotive',
    industry: 'Automotive · Electric rideshare',
    imagePath: '/_astro/cdp.abc.svg',
    published: new Date('2025-05-06'),
    updated: new Date('2026-11-22'),
  });

  it('describes the study as an Article with absolute URLs', () => {
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'A Certified Driver Program for Electric Rideshare',
      description: 'Three driver profiles and ten design principles.',
      articleSection: 'Automotive',
      about: { '@type': 'Thing', name: 'Automotive · Electric rideshare' },
      image: 'https://www.example.com/_astro/cdp.abc.svg',
      url: 'https://www.example.com/case-study/cdp',
    });
  });

  it("dates the Article from the study's content, as calendar dates", () => {
    expect(jsonLd).toMatchObject({ datePublished: '2025-05-06', dateModified: '2026-11-22' });
  });

  it('names the company as author and publisher', () => {
    for (const role of ['author', 'publisher'] as const) {
      expect(jsonLd[role]).toMatchObject({ '@type': 'Organization', name: 'Humanwise Innovation Partners' });
    }
  });
});
