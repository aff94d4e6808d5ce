import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkoutIndependentIslandUids } from '../../../../src/integrations/astro-internals/island-uids.mjs';
import { astroChanged, astroFile, contract } from '../../../support/astro-contract.ts';
import { astroIslandTag } from '../../../support/astro-island-tag.ts';

const FILE = 'island-uids.mjs';

describe('island uids: the same page whatever the checkout', () => {
  it('gives the same island the same uid, whatever Astro hashed into it', async () => {
    // Astro's uid takes in the component's absolute path: two checkouts, two uids.
    const [here, elsewhere] = await contract('how it renders an island', FILE, () =>
      Promise.all([astroIslandTag('Z1abc'), astroIslandTag('Zq9xy')]),
    );
    expect(here, astroChanged('where <astro-island> carries its uid', FILE)).toMatch(/^<astro-island uid="Z1abc"/);
    const page = (tag: string) => `<main><p>Programs</p>${tag}</main>`;
    const rewritten = checkoutIndependentIslandUids(page(here));
    expect(rewritten).not.toContain('Z1abc');
    expect(rewritten).toBe(checkoutIndependentIslandUids(page(elsewhere)));
    expect(rewritten.replace(/uid="[^"]*"/, '')).toBe(page(here).replace(/uid="[^"]*"/, ''));
  });

  it('keeps two identical islands on one page apart', async () => {
    const tag = await contract('how it renders an island', FILE, () => astroIslandTag());
    const uids = [...checkoutIndependentIslandUids(tag + tag).matchAll(/uid="([^"]*)"/g)].map(([, uid]) => uid);
    expect(uids).toHaveLength(2);
    expect(new Set(uids).size).toBe(2);
  });

  it('changes nothing the browser reads: Astro’s island runtime never reads the uid', async () => {
    const runtime = await contract('its island runtime', FILE, () =>
      readFile(astroFile('dist/runtime/server/astro-island.prebuilt.js'), 'utf8'),
    );
    expect(runtime, astroChanged('its island runtime, which now reads the uid', FILE)).not.toMatch(/\buid\b/);
  });
});
