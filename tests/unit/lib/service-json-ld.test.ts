import { describe, expect, it } from 'vitest';
import { serviceJsonLd } from '../../../src/lib/structured-data.ts';
import { site } from '../../../src/config/site.ts';

describe('serviceJsonLd', () => {
  it('describes a program or offer as a schema.org Service provided by the organisation', () => {
    const data = serviceJsonLd({
      name: 'AI Advantage Lab',
      description: 'An 8-week, hands-on AI program for businesses with 10-100 employees.',
      path: '/offer/ai-advantage-lab',
      audience: 'Small Business Owners (10-100 employees)',
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'AI Advantage Lab',
      url: `${site.siteUrl}/offer/ai-advantage-lab`,
      areaServed: 'Worldwide',
      provider: { '@type': 'Organization', name: site.companyName, url: `${site.siteUrl}/` },
      audience: { '@type': 'BusinessAudience', name: 'Small Business Owners (10-100 employees)' },
    });
  });

  it('leaves the audience out when none is given', () => {
    const data = serviceJsonLd({ name: 'X', description: 'Y', path: '/x' });
    expect(data).not.toHaveProperty('audience');
  });
});
