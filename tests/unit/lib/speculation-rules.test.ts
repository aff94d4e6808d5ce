import { describe, expect, it } from 'vitest';
import {
  isSpeculable,
  LIKELY_NEXT_LIMIT,
  likelyNextPaths,
  speculationRules,
} from '../../../src/lib/speculation-rules.ts';

describe('speculation rules', () => {
  it('never speculate the waiting list, the APIs, the CMS or files', () => {
    for (const path of [
      '/waitlist',
      '/waitlist?program=orchestration',
      '/waitlist/joined',
      '/api/waitlist',
      '/api/pov',
      '/keystatic',
      '/keystatic/collection/programs',
      '/sitemap.xml',
      '/og/results.png',
      'https://elsewhere.example/',
      '//elsewhere.example/',
    ])
      expect(isSpeculable(path), path).toBe(false);
    for (const path of ['/', '/results', '/case-study/cdp', '/offer/ai-advantage-lab', '/results?category=Health'])
      expect(isSpeculable(path), path).toBe(true);
  });

  it('keep a page’s likely next pages to the limit, without itself or anything excluded', () => {
    expect(LIKELY_NEXT_LIMIT).toBe(2);
    expect(likelyNextPaths(['/results', '/waitlist', '/results', '/about', '/cie'], '/')).toBe('/results /about');
    expect(likelyNextPaths(['/results', '/cie'], '/results')).toBe('/cie');
    expect(likelyNextPaths(['/api/pov'], '/')).toBe('');
  });

  it('exclude every never-speculated path from each rule, and prerender the marked links at once', () => {
    for (const withEditor of [false, true]) {
      const rules = JSON.parse(speculationRules({ withEditor })) as {
        prerender: { where: { and: unknown[] }; eagerness: string }[];
        prefetch: { where: { and: unknown[] }; eagerness: string }[];
      };
      const never = ['/waitlist{/*}?', '/api/*', '/*.*', ...(withEditor ? ['/keystatic{/*}?'] : [])];
      const exclusions = { not: { href_matches: never.map((pathname) => ({ pathname })) } };
      for (const rule of [...rules.prerender, ...rules.prefetch]) expect(rule.where.and).toContainEqual(exclusions);
      expect(rules.prerender.map((rule) => rule.eagerness)).toEqual(['moderate', 'immediate']);
      expect(rules.prerender[1]?.where.and).toContainEqual({ selector_matches: 'a[data-likely-next]' });
      expect(rules.prefetch.map((rule) => rule.eagerness)).toEqual(['moderate']);
    }
  });

  it('name the editor only in builds that carry it', () => {
    expect(speculationRules({ withEditor: false })).not.toMatch(/keystatic/i);
    expect(speculationRules({ withEditor: true })).toContain('/keystatic');
  });
});
