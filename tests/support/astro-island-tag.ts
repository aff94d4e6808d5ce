/**
 * The <astro-island> tag Astro writes for a React island hydrated by client:interaction, rendered by
 * the installed Astro's own code, for the contract tests of src/integrations/astro-internals.
 * `astroId` is the uid Astro would have hashed (from, among others, the component's absolute path).
 */
export async function astroIslandTag(astroId = 'Z1abc'): Promise<string> {
  const { generateHydrateScript } = await import('astro/runtime/server/hydration.js');
  const island = await generateHydrateScript(
    {
      renderer: { name: '@astrojs/react', clientEntrypoint: '@astrojs/react/client.js', ssr: {} },
      result: { resolve: async (specifier: string) => `/_astro/${specifier.split('/').at(-1)}` },
      astroId,
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
