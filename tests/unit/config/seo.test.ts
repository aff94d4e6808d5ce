import { describe, expect, it } from 'vitest';
import { publicPath } from '../../../src/lib/seo.ts';

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
