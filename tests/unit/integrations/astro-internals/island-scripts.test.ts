import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inlineScriptsOf, isAstroPrescript } from '../../../../src/integrations/astro-internals/island-scripts.mjs';
import { astroChanged, contract, importFromAstro } from '../../../support/astro-contract.ts';

const ROOT = new URL('../../../../', import.meta.url);

/** Our directives and one of Astro's own (the POV page's client:visible), as Astro builds them. */
async function directiveScripts(): Promise<Map<string, string>> {
  const { buildClientDirectiveEntrypoint } = await importFromAstro<{
    buildClientDirectiveEntrypoint(name: string, entrypoint: string, root: URL): Promise<string>;
  }>('dist/core/client-directive/build.js');
  const { getDefaultClientDirectives } = await importFromAstro<{ getDefaultClientDirectives(): Map<string, string> }>(
    'dist/core/client-directive/default.js',
  );
  const ours = { interaction: 'interaction.ts', afterpaint: 'after-paint.ts' };
  const scripts = new Map([['visible', getDefaultClientDirectives().get('visible') ?? '']]);
  for (const [name, file] of Object.entries(ours)) {
    const entrypoint = fileURLToPath(new URL(`src/islands/directives/${file}`, ROOT));
    scripts.set(name, await buildClientDirectiveEntrypoint(name, entrypoint, ROOT));
  }
  return scripts;
}

describe('island scripts: the scripts Astro inlines before an island', () => {
  it("recognises every one of them, for each directive the site uses (Astro's own code writes them)", async () => {
    const prescripts = await contract('how it builds and inlines island scripts', 'island-scripts.mjs', async () => {
      const directives = await directiveScripts();
      const { getPrescripts } = await importFromAstro<{
        getPrescripts(result: { clientDirectives: Map<string, string> }, type: 'both', directive: string): string;
      }>('dist/runtime/server/scripts.js');
      return [...directives.keys()].map((name) => ({
        name,
        scripts: inlineScriptsOf(getPrescripts({ clientDirectives: directives }, 'both', name)),
      }));
    });
    for (const { name, scripts } of prescripts) {
      expect(scripts, astroChanged(`the inline scripts of a client:${name} island`, 'island-scripts.mjs')).toHaveLength(
        2,
      );
      for (const [, code = ''] of scripts) {
        expect(
          isAstroPrescript(code),
          astroChanged(`the script it inlines for client:${name}`, 'island-scripts.mjs'),
        ).toBe(true);
      }
    }
  });

  it('leaves every other inline script in the page', () => {
    expect(isAstroPrescript('var e=document.getElementById(`programs-trigger`);')).toBe(false);
    expect(isAstroPrescript('window.dispatchEvent(new Event("astro:page-load"))')).toBe(false);
    expect(isAstroPrescript('customElements.define("astro-island",class extends HTMLElement{})')).toBe(false);
  });
});
