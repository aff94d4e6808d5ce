// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { islandRuntime } from './src/build/island-runtime.mjs';
import { clientDirectives } from './src/build/client-directives.mjs';
import { pageCss } from './src/build/page-css.mjs';
import { loadBuildSettings } from './src/server/settings.ts';

export default defineConfig({
  // Validated by `npm run build` before Astro starts (src/build/build.ts).
  site: loadBuildSettings().SITE_URL,
  // Pages are prerendered to HTML by default; the few that must be rendered per request
  // (legal pages with today's date, the no-JavaScript waiting-list form) opt out.
  output: 'static',
  // Middleware mode: our own Node server (src/server/main.ts) owns HTTP (headers, compression,
  // API routes, rate limits) and hands page requests to Astro.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), clientDirectives(), pageCss()],
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
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), islandRuntime()],
    // Imported assets (the SVG art) stay files. Scripts under 4 KB without imports (the header's
    // script) travel inside the page instead: Lighthouse counts that early module request against
    // first paint; inlining it took 150-300 ms off the simulated FCP of every route (docs/PERFORMANCE.md).
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? undefined : false) },
  },
});
