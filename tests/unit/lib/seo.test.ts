import { describe, expect, it } from 'vitest';
import { pageTitle, publicPath } from '../../../src/lib/seo.ts';

describe('publicPath', () => {
  it('turns the paths prerendering reports into the ones visitors see', () => {
    expect(publicPath('/index.html')).toBe('/');
    expect(publicPath('/about.html')).toBe('/about');
    expect(publicPath('/program/orchestration.html')).toBe('/program/orchestration');
    expect(publicPath('/program/index.html')).toBe('/program/');
    expect(publicPath('/results')).toBe('/results');
    expect(publicPath('/')).toBe('/');
  });
});

describe('pageTitle', () => {
  it('adds the short name, unless the page stands alone or the result would pass 70 characters', () => {
    expect(pageTitle('Our Results')).toBe('Our Results | Humanwise');
    expect(pageTitle('Humanwise Innovation Partners', { standalone: true })).toBe('Humanwise Innovation Partners');
    const long = 'Launch metrics for a pre-cancer screening algorithm: a case study';
    expect(pageTitle(long)).toBe(long);
  });
});
