import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../config/site.ts';
import { publicPages, socialCardPath } from '../../lib/content/site-map.ts';
import { renderSocialCard } from '../../lib/social-card.ts';

/** One social card per public page, made at build time. */
export const getStaticPaths = (async () =>
  (await publicPages()).map(({ path, title }) => ({
    params: {
      card: socialCardPath(path)
        .replace(/^\/og\//, '')
        .replace(/\.png$/, ''),
    },
    props: { title },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await renderSocialCard((props as { title: string }).title, site.companyName)), {
    headers: { 'Content-Type': 'image/png' },
  });
