import type { APIRoute } from 'astro';
import XMLBuilder from 'fast-xml-builder';
import { publicPaths } from '../lib/content/site-map.ts';
import { absoluteUrl } from '../lib/seo.ts';

export const GET: APIRoute = async () => {
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
  const xml = builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: {
      '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9',
      url: (await publicPaths()).map((path) => ({ loc: absoluteUrl(path) })),
    },
  });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
