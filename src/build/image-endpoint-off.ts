/**
 * Astro's image endpoint, switched off. Astro injects `/_image` into every build with on-demand
 * pages, to convert images at request time. No page of ours needs that (images are processed at
 * build time), and the endpoint let anyone start large AVIF conversions (a handful pinned both
 * cores) and fetch images from the request's own Host. astro.config.mjs points the endpoint here:
 * it answers 404 like any address we do not serve.
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const ALL: APIRoute = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
