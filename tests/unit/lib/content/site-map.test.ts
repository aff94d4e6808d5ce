/**
 * A solution's link must lead to a page of the site (src/pages/solutions.astro stops the build on one
 * that does not): its path, before a section or a query, is one of the site's public pages.
 */
import { describe, expect, it } from 'vitest';
import { isPageOf } from '../../../../src/lib/content/site-map.ts';

const paths = ['/', '/solutions', '/cie', '/program/orchestration'];

describe('isPageOf', () => {
  it('takes a page of the site, with or without a section or a query', () => {
    for (const link of ['/cie', '/program/orchestration', '/#apply', '/cie#hub', '/solutions?from=card'])
      expect(isPageOf(paths, link), link).toBe(true);
  });

  it('refuses a path the site has no page at, a near miss included', () => {
    for (const link of ['/pilots', '/cie/', '/CIE', '/program/orchestration-2', '/program'])
      expect(isPageOf(paths, link), link).toBe(false);
  });
});
