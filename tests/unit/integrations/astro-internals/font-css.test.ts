import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstPaintFontRules } from '../../../../src/lib/first-paint.ts';
import { astroChanged, astroFile, contract, importFromAstro } from '../../../support/astro-contract.ts';

const FILE = 'font-css.ts';

describe("font CSS: what Astro's <Font> renders", () => {
  it('is the CSS of the internal module font-css.ts imports, rendered as is', () => {
    const font = readFileSync(astroFile('components/Font.astro'), 'utf8');
    expect(font, astroChanged('where <Font> reads its CSS', FILE)).toContain(
      "import { componentDataByCssVariable } from 'virtual:astro:assets/fonts/internal';",
    );
    expect(font, astroChanged('how <Font> renders its CSS', FILE)).toContain('<style set:html={data.css}>');
    const plugin = readFileSync(astroFile('dist/assets/fonts/vite-plugin-fonts.js'), 'utf8');
    expect(plugin, astroChanged('what the fonts module exports', FILE)).toContain(
      'export const componentDataByCssVariable = new Map(',
    );
  });

  it('declares the variable as the family, then its size-adjusted fallback and the generic ones', async () => {
    const css = await contract('how it writes the CSS of a font family', FILE, async () => {
      const { collectComponentData } = await importFromAstro<{
        collectComponentData(input: unknown): Promise<Map<string, { css: string }>>;
      }>('dist/assets/fonts/core/collect-component-data.js');
      const { MinifiableCssRenderer } = await importFromAstro<{
        MinifiableCssRenderer: new (options: { minify: boolean }) => unknown;
      }>('dist/assets/fonts/infra/minifiable-css-renderer.js');
      const family = { uniqueName: 'Figtree-abc', cssVariable: '--font-figtree', fallbacks: ['sans-serif'] };
      const data = await collectComponentData({
        fontFamilyAssets: [
          {
            family,
            fonts: [{ src: [{ url: '/_astro/fonts/x.woff2', format: 'woff2' }], weight: '300 900', style: 'normal' }],
            collectedFontsForMetricsByUniqueKey: new Map(),
            preloads: [],
          },
        ],
        cssRenderer: new MinifiableCssRenderer({ minify: true }),
        defaults: { fallbacks: ['sans-serif'], optimizedFallbacks: true },
        optimizeFallbacks: async () => ({
          css: '@font-face{font-family:"Figtree-abc fallback: Arial";src:local("Arial");size-adjust:99.6%}',
          fallbacks: ['Figtree-abc fallback: Arial', 'sans-serif'],
        }),
      });
      return data.get('--font-figtree')?.css ?? '';
    });
    expect(firstPaintFontRules(css, '--font-figtree'), astroChanged('the CSS variable <Font> declares', FILE)).toEqual({
      firstPaint: 'html:not(.webfont) body{font-family:"Figtree-abc fallback: Arial",sans-serif}',
      noScript: 'html:not(.webfont) body{font-family:Figtree-abc,"Figtree-abc fallback: Arial",sans-serif}',
    });
  });
});
