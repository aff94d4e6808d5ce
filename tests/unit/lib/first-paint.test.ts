import { describe, expect, it } from 'vitest';
import { firstPaintFontRules } from '../../../src/lib/first-paint.ts';

// The shape of the CSS Astro's <Font> renders: the face, its size-adjusted fallback, the variable.
const astroCss =
  '@font-face{font-family:Figtree-abc;src:url(/_astro/fonts/x.woff2)format("woff2");font-display:swap}' +
  '@font-face{font-family:Figtree-abc fallback\\: Arial;src:local(Arial);size-adjust:99.6%}' +
  ':root{--font-figtree:Figtree-abc,"Figtree-abc fallback: Arial",sans-serif}';

describe('firstPaintFontRules', () => {
  it('keeps the web font out of the first paint and puts it back without JavaScript', () => {
    expect(firstPaintFontRules(astroCss, '--font-figtree')).toEqual({
      firstPaint: 'html:not(.webfont) body{font-family:"Figtree-abc fallback: Arial",sans-serif}',
      noScript: 'html:not(.webfont) body{font-family:Figtree-abc,"Figtree-abc fallback: Arial",sans-serif}',
    });
  });

  it('keeps quoted family names with commas whole', () => {
    const css = ':root{--font-x:Web-1,"Fallback, Arial",serif}';
    expect(firstPaintFontRules(css, '--font-x').firstPaint).toBe(
      'html:not(.webfont) body{font-family:"Fallback, Arial",serif}',
    );
  });

  it('fails the build when Astro no longer declares the variable', () => {
    expect(() => firstPaintFontRules('@font-face{font-family:X}', '--font-figtree')).toThrow(
      'The font CSS does not declare --font-figtree',
    );
  });

  it('fails the build when the variable names no fallback', () => {
    expect(() => firstPaintFontRules(':root{--font-figtree:Figtree-abc}', '--font-figtree')).toThrow(
      '--font-figtree names no fallback after Figtree-abc',
    );
  });
});
