// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { islandRuntime } from './src/build/island-runtime.mjs';
import { clientDirectives } from './src/build/client-directives.mjs';
import { pageCss } from './src/build/page-css.mjs';

export default defineConfig({
  site: process.env.SITE_URL?.trim() || 'https://www.example.com',
  // Pages are prerendered to HTML by default; the few that must be rendered per request
  // (legal pages with today's date, the no-JavaScript waiting-list form) opt out.
  output: 'static',
  // Middleware mode: our own Node server (src/server/main.ts) owns HTTP (headers, compression,
  // API routes, rate limits) and hands page requests to Astro.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), clientDirectives(), pageCss()],
  trailingSlash: 'never',
  build: {
    format: 'file',
    // Critical CSS travels inside each page: no render-blocking stylesheet request.
    inlineStylesheets: 'always',
  },
  // Images are processed at build time only: the runtime endpoint (/_image) answers 404.
  image: { endpoint: { route: '/_image', entrypoint: './src/build/image-endpoint-off.ts' } },
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
