import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactForReact } from './src/integrations/astro-internals/preact-islands.mjs';

/** The component tests of what runs in the browser: the islands. */
const browserComponentTests = ['tests/unit/islands/**/*.test.tsx'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which runtime the component tests of this project render with (checked by tests/unit/islands/runtime.test.tsx). */
    componentRuntime: 'react' | 'preact';
  }
}

// As the browser build does (src/integrations/astro-internals/preact-islands.mjs): islands run on
// preact/compat in the browser, so their tests run there too, not only on React (which renders them).
const preactRuntime = [
  ...Object.entries(preactForReact).map(([react, preact]) => ({
    find: new RegExp(`^${react.replaceAll('/', '\\/')}$`),
    replacement: preact,
  })),
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // Testing Library's default (CommonJS) build requires react-dom where no alias reaches; its ES build imports it.
  {
    find: /^@testing-library\/react$/,
    replacement: fileURLToPath(
      new URL('node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
    ),
  },
];

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts'],
    // Test files share their worker and its loaded modules instead of each starting a fresh one
    // (about 0.3-1 s per file, 89 files): 134 CPU-s for the whole run instead of 184 (30 November).
    // So a file restores what it changes outside itself (globals, timers, environment variables),
    // as the files that stub something do in an afterEach.
    isolate: false,
    // A bound for a test that hangs, not a speed check. Beside CI's other suites on a slower machine
    // of the same kind (7 December, night: every suite 35-45 % more CPU-seconds), a test of 1.7 s on
    // a quiet machine took 15.8 and one of nginx passed 20: the bounds are three times what they were.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // CI runs Vitest beside the browser tests and the reliability suite on two cores, where a
    // condition met in milliseconds on a quiet machine once took over expect.poll's default second
    // (six requests to reach the POV service, tests/unit/server/api/pov.test.ts). A poll returns as
    // soon as its condition holds, so the longer bound costs a passing test nothing.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        // The content schemas import astro:content, which exists only in an Astro build (tests/support/astro-content.ts).
        resolve: {
          alias: [
            {
              find: /^astro:content$/,
              replacement: fileURLToPath(new URL('tests/support/astro-content.ts', import.meta.url)),
            },
          ],
        },
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], provide: { componentRuntime: 'react' } },
      },
      {
        extends: true,
        resolve: { alias: preactRuntime },
        test: {
          name: 'islands on preact',
          include: browserComponentTests,
          provide: { componentRuntime: 'preact' },
          // Testing Library and the form libraries import React themselves: bundle them with the
          // test so the alias reaches their imports too (one runtime, not two).
          server: { deps: { inline: [/@testing-library\/react/, /react-hook-form/, /@hookform/] } },
        },
      },
    ],
  },
});
