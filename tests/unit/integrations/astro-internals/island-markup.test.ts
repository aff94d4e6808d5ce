import { describe, expect, it } from 'vitest';
import { islandsIn } from '../../../../src/integrations/astro-internals/island-markup.mjs';
import { astroChanged, contract } from '../../../support/astro-contract.ts';

const FILE = 'island-markup.mjs';

/** The <astro-island> tag Astro writes for a React island hydrated by client:interaction. */
async function astroIslandTag(): Promise<string> {
  const { generateHydrateScript } = await import('astro/runtime/server/hydration.js');
  const island = await generateHydrateScript(
    {
      renderer: { name: '@astrojs/react', clientEntrypoint: '@astrojs/react/client.js', ssr: {} },
      result: { resolve: async (specifier: string) => `/_astro/${specifier.split('/').at(-1)}` },
      astroId: 'Z1abc',
      props: { program: 'orchestration' },
    } as never,
    {
      hydrate: 'interaction',
      hydrateArgs: '[data-waitlist-trigger]',
      componentUrl: '/src/islands/waitlist/WaitlistWizard.tsx',
      componentExport: { value: 'WaitlistWizard' },
      displayName: 'WaitlistWizard',
    } as never,
  );
  const attributes = Object.entries(island.props as Record<string, string>).map(([name, value]) =>
    value === '' ? name : `${name}="${value}"`,
  );
  return `<astro-island ${attributes.join(' ')}></astro-island>`;
}

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
