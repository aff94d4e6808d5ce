/**
 * The CSS Astro's <Font> renders for a family (its @font-face rules, the size-adjusted fallback face
 * and the CSS variable naming both), read from the map <Font> itself reads. Astro 7's public Fonts
 * API gives the font files (`fontData` in astro:assets) but not this CSS, and the first-paint rule
 * (src/lib/first-paint.ts) needs the fallback family names Astro generates into it.
 * tests/unit/integrations/astro-internals/font-css.test.ts checks the module and the CSS's shape.
 */
import { componentDataByCssVariable } from 'virtual:astro:assets/fonts/internal';

export function fontCssOf(cssVariable: string): string {
  const data = componentDataByCssVariable.get(cssVariable);
  if (!data) {
    throw new Error(
      `Astro's font module has no CSS for ${cssVariable}: declare it in astro.config.mjs (fonts), or, after an Astro upgrade, update src/integrations/astro-internals/font-css.ts`,
    );
  }
  return data.css;
}
