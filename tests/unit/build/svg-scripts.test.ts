/**
 * Artwork is drawn inline, where a script of an SVG would run as the page's own (the server allows
 * every inline script of a built page): the build takes scripts out of every SVG it draws
 * (src/lib/content/svg-scripts.ts, through Astro's SVG optimizer in astro.config.mjs).
 */
import { describe, expect, it } from 'vitest';
import config from '../../../astro.config.mjs';
import { hasScripts } from '../../../src/lib/content/svg-scripts.ts';

const drawing =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="4" fill="#5b3df5"/></svg>';
const scripted = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>document.title="pwned"</script><rect width="10" height="4" fill="#5b3df5"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><rect width="10" height="4" fill="#5b3df5"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><a xlink:href="javascript:alert(1)"><rect width="10" height="4" fill="#5b3df5"/></a></svg>',
];

describe('an SVG the build draws inline', () => {
  const optimizer = config.experimental?.svgOptimizer;

  it('loses its scripts, event handlers and javascript: links, and keeps its drawing', async () => {
    expect(optimizer).toBeDefined();
    for (const svg of scripted) {
      const drawn = await optimizer?.optimize(svg, 'image.svg');
      expect(drawn).not.toMatch(/script|onload|javascript:/i);
      expect(drawn).toContain('<rect width="10" height="4" fill="#5b3df5"/>');
    }
  });

  it('is otherwise drawn as it was made', async () => {
    expect(await optimizer?.optimize(drawing, 'image.svg')).toBe(drawing);
  });
});

describe('hasScripts', () => {
  it('tells a drawing from an SVG with a script in any of its forms', () => {
    expect(hasScripts(drawing)).toBe(false);
    for (const svg of scripted) expect(hasScripts(svg)).toBe(true);
  });

  it('throws on an SVG that is not well-formed XML, which the build refuses too', () => {
    expect(() => hasScripts('<svg><rect></svg>')).toThrow();
  });
});
