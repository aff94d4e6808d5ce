// @ts-check
import { defineConfig, fontProviders, svgoOptimizer } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { clientDirectives } from './src/build/client-directives.mjs';
import { pageCss } from './src/build/page-css.mjs';
import { astroInternals } from './src/integrations/astro-internals/index.mjs';
import { cmsEditor } from './src/build/cms-editor.mjs';
import { noRawHtmlInContent } from './src/build/no-raw-html.mjs';
import { loadBuildSettings } from './src/config/build-settings.ts';
import { withoutScripts } from './src/lib/content/svg-scripts.ts';

const buildSettings = loadBuildSettings();

export default defineConfig({
  // Validated by `npm run build` before Astro starts (src/build/build.ts).
  site: buildSettings.SITE_URL,
  // Pages are prerendered to HTML by default; the few that must be rendered per request
  // (legal pages with today's date, the no-JavaScript waiting-list form) opt out.
  output: 'static',
  // Middleware mode: our own Node server (src/server/main.ts) owns HTTP (headers, compression,
  // API routes, rate limits) and hands page requests to Astro.
  adapter: node({ mode: 'middleware' }),
  // astroInternals: everything that relies on Astro's internals (src/integrations/astro-internals).
  // The editor (Keystatic) only when CMS_MODE is local or github (src/build/cms-editor.mjs).
  // noRawHtmlInContent: content Markdown may not carry HTML, which would run on the public page.
  integrations: [
    react(),
    clientDirectives(),
    pageCss(),
    astroInternals(),
    noRawHtmlInContent(),
    ...cmsEditor(buildSettings),
  ],
  // Our server handles every form post before Astro sees it (POST /waitlist: src/server/waitlist) and
  // only then may hand the same request to Astro to render the page with the errors. Astro's origin
  // check would answer that render with a 403 whenever the request's Origin differs from the URL
  // Astro rebuilds (behind a TLS proxy, or a client that sends no Origin) and protects nothing here.
  security: { checkOrigin: false },
  trailingSlash: 'never',
  build: {
    format: 'file',
    // Critical CSS travels inside each page: no render-blocking stylesheet request.
    inlineStylesheets: 'always',
  },
  // Images are processed at build time only: the runtime endpoint (/_image) answers 404.
  image: { endpoint: { route: '/_image', entrypoint: './src/build/image-endpoint-off.ts' } },
  // Self-hosted type (Astro's Fonts API): the Latin subset of Fontsource's variable Figtree, one 20 KB woff2
  // served from /_astro/fonts under a content hash. Astro puts a local Arial face, size-adjusted to Figtree's
  // metrics read from the file, in front of the generic fallback. The first frame is set in that fallback and
  // the font is fetched after the first contentful paint (src/lib/first-paint.ts), so no page waits for it;
  // later pages of a visit use it from their first frame. One family for reading and headlines: Inter
  // (48 KB) or a second display face would double what every first visit fetches.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Figtree',
      cssVariable: '--font-figtree',
      fallbacks: ['sans-serif'],
      display: 'swap',
      options: {
        variants: [
          {
            src: ['@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2'],
            weight: '300 900',
            style: 'normal',
          },
        ],
      },
    },
  ],
  // Artwork drawn inline loses any script, event handler or javascript: link it has, and nothing
  // else (src/lib/content/svg-scripts.ts): the server allows every inline script of a built page.
  experimental: { svgOptimizer: svgoOptimizer(withoutScripts) },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    // Imported assets (the SVG art) stay files. Scripts under 10 KB without imports (the page's own
    // script: header, first-paint follow-ups, speculation rules) travel inside the page instead:
    // Lighthouse counts that early module request against first paint; inlining it took 150-300 ms
    // off the simulated FCP of every route (docs/PERFORMANCE.md). Vite's default limit is 4 KB; at 5
    // KB the page script (5.1 KB) was 18 bytes from becoming a file. Twice its size, the limit leaves
    // its growth to the budgets that matter (tests/e2e/budgets.spec.ts: 5 KB gzip of script before
    // the first paint, each page within the first round trip).
    build: { assetsInlineLimit: (file, content) => (file.endsWith('.js') ? content.length <= 10 * 1024 : false) },
    // The code islands share (Preact, the error boundary, the icons, the analytics events) as one
    // chunk, which the small renderer imports too: it is asked for as soon as the renderer arrives,
    // while the island's component still downloads. Split by default, the component's own small
    // imports were asked for only once the component had arrived, a round trip later: on the bench's
    // phone the waiting list's form is now ready about 50 ms sooner, and more where round trips are
    // long and bandwidth is not short. Only modules two islands share.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'islands-shared',
                    test: /\/src\/(islands|components|lib)\/|\/node_modules\/preact\//,
                    minShareCount: 2,
                  },
                  // The waiting list's toasts, loaded as its answers are sent
                  // (src/islands/waitlist/SuccessToaster.tsx): named for what it is, not "dist".
                  { name: 'sonner', test: /\/node_modules\/sonner\// },
                ],
              },
            },
          },
        },
      },
    },
  },
});
