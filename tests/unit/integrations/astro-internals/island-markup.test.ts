import { describe, expect, it } from 'vitest';
import { islandsIn } from '../../../../src/integrations/astro-internals/island-markup.mjs';
import { astroChanged, contract } from '../../../support/astro-contract.ts';
import { astroIslandTag } from '../../../support/astro-island-tag.ts';

const FILE = 'island-markup.mjs';

describe('island markup: the <astro-island> element Astro renders', () => {
  it('names the directive and the modules the island starts from', async () => {
    const tag = await contract('how it renders an island', FILE, astroIslandTag);
    expect(islandsIn(tag), astroChanged('the attributes of <astro-island>', FILE)).toEqual([
      { client: 'interaction', modules: ['/_astro/WaitlistWizard.tsx', '/_astro/client.js'] },
    ]);
  });

  it("carries the directive's value in its opts, where src/browser/deferred-scripts.ts reads it", async () => {
    const tag = await contract('how it renders an island', FILE, astroIslandTag);
    const opts = tag.match(/\bopts="([^"]*)"/)?.[1]?.replaceAll('&quot;', '"') ?? '{}';
    expect(JSON.parse(opts), astroChanged('the opts of <astro-island>', FILE)).toMatchObject({
      value: '[data-waitlist-trigger]',
    });
    expect(tag, astroChanged('how a server-rendered island is marked', FILE)).toMatch(/\sssr[\s>]/);
  });
});
