// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { islandRuntime } from './src/build/island-runtime.mjs';

export default defineConfig({
  site: process.env.SITE_URL?.trim() || 'https://www.example.com',
  // Pages are prerendered to HTML by default; the few that must be rendered per request
  // (legal pages with today's date, the no-JavaScript waiting-list form) opt out.
  output: 'static',
  // Middleware mode: our own Node server (src/server/main.ts) owns HTTP (headers, compression,
  // API routes, rate limits) and hands page requests to Astro.
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
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
    build: { assetsInlineLimit: 0 },
  },
});
