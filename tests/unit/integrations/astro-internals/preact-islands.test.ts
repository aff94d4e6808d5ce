import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ENVIRONMENT, preactForReact } from '../../../../src/integrations/astro-internals/preact-islands.mjs';
import { astroChanged, contract, importFromAstro } from '../../../support/astro-contract.ts';

const FILE = 'preact-islands.mjs';
const require = createRequire(import.meta.url);

/** The bare specifiers a module of @astrojs/react imports, following its relative imports. */
function reactRendererImports(entry: string): Set<string> {
  const specifiers = new Set<string>();
  const queue = [entry];
  for (const file of queue) {
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(/\bfrom\s*["']([^"']+)["']/g)) {
      if (specifier.startsWith('.')) queue.push(join(dirname(file), specifier));
      else specifiers.add(specifier);
    }
  }
  return specifiers;
}

describe('preact islands: React on the server, Preact in the browser', () => {
  it('swaps the runtime in the Vite environment Astro builds the browser code in', async () => {
    const names = await contract('the names of its Vite environments', FILE, async () => {
      const { ASTRO_VITE_ENVIRONMENT_NAMES } = await importFromAstro<{
        ASTRO_VITE_ENVIRONMENT_NAMES: Record<string, string>;
      }>('dist/core/constants.js');
      return ASTRO_VITE_ENVIRONMENT_NAMES;
    });
    expect(names['client'], astroChanged('the Vite environment of the browser build', FILE)).toBe(BROWSER_ENVIRONMENT);
  });

  it("covers every React entry point @astrojs/react's browser renderer imports", () => {
    const { version } = require('@astrojs/react/package.json') as { version: string };
    const imports = reactRendererImports(require.resolve('@astrojs/react/client.js'));
    const fromReact = [...imports].filter((specifier) => /^react(-dom)?(\/|$)/.test(specifier));
    expect(fromReact.length).toBeGreaterThan(0);
    expect(
      fromReact.filter((specifier) => !(specifier in preactForReact)),
      astroChanged(`what @astrojs/react ${version}'s browser renderer imports from React`, FILE),
    ).toEqual([]);
  });
});
