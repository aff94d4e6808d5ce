import { fileURLToPath } from 'node:url';

/**
 * Registers the site's own hydration directives (src/islands/directives): islands that load after
 * the first paint, so no island script is ever counted against it.
 * @returns {import('astro').AstroIntegration}
 */
export function clientDirectives() {
  return {
    name: 'humanwise:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../islands/directives/interaction.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'afterpaint',
          entrypoint: fileURLToPath(new URL('../islands/directives/after-paint.ts', import.meta.url)),
        });
      },
    },
  };
}
