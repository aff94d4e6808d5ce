import { expect, test } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { publicRoutes } from '../support/routes.ts';
import { site } from '../support/site.ts';

/** Search and sharing: read from the production server like a crawler would. */
// Markup does not depend on the viewport: one project runs it (the tag, in playwright.config.ts).
test.describe('search and sharing', { tag: '@one-viewport' }, () => {
  test('sitemap.xml lists exactly the public pages, each of which answers 200; robots.txt names it', async ({
    request,
  }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const parsed = new XMLParser().parse(xml) as { urlset: { url: { loc: string }[] } };
    const listed = parsed.urlset.url.map(({ loc }) => loc).sort();
    const expected = publicRoutes()
      .filter((route) => route !== '/waitlist')
      .map((route) => (route === '/' ? `${site.siteUrl}/` : `${site.siteUrl}${route}`))
      .sort();
    expect(listed).toEqual(expected);
    expect(listed.some((loc) => loc.includes('/waitlist'))).toBe(false);
    for (const loc of listed) {
      const response = await request.get(new URL(loc).pathname);
      expect(response.status(), loc).toBe(200);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
  });

  test('every page has its own title and description, a canonical URL from SITE_URL, social tags and one h1', async ({
    request,
  }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const route of publicRoutes()) {
      const html = await (await request.get(route)).text();
      const meta = (pattern: RegExp) => html.match(pattern)?.[1];
      const title = meta(/<title>([^<]+)<\/title>/);
      const description = meta(/<meta name="description" content="([^"]+)"/);
      expect(title, `${route} title`).toBeTruthy();
      expect(description, `${route} description`).toBeTruthy();
      expect(titles.get(title!), `${route} shares its title with`).toBeUndefined();
      expect(descriptions.get(description!), `${route} shares its description with`).toBeUndefined();
      titles.set(title!, route);
      descriptions.set(description!, route);
      expect(html).toContain('<html lang="en"');
      if (route !== '/waitlist') {
        const canonical = route === '/' ? `${site.siteUrl}/` : `${site.siteUrl}${route}`;
        expect(meta(/<link rel="canonical" href="([^"]+)"/), `${route} canonical`).toBe(canonical);
        expect(meta(/<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
      }
      expect(meta(/<meta property="og:title" content="([^"]+)"/)).toBe(title);
      expect(meta(/<meta property="og:description" content="([^"]+)"/)).toBe(description);
      expect(meta(/<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');
      const card = meta(/<meta property="og:image" content="([^"]+)"/);
      // X falls back to og:title, og:description and og:image, so those are written once; it has no
      // fallback for og:image:alt, so its own alt text must match.
      expect(html).not.toMatch(/<meta name="twitter:(title|description|image)"/);
      expect(meta(/<meta name="twitter:image:alt" content="([^"]+)"/)).toBe(
        meta(/<meta property="og:image:alt" content="([^"]+)"/),
      );
      if (route !== '/waitlist')
        expect(card, `${route} has its own card`).toBe(`${site.siteUrl}/og${route === '/' ? '/index' : route}.png`);
      const image = await request.get(new URL(card!).pathname);
      expect(image.status(), `${route} card answers`).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const png = await image.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], `${route} card is 1200x630`).toEqual([1200, 630]);
      expect(html.match(/<h1[\s>]/g), `${route} has one h1`).toHaveLength(1);
      const priorityImages = [...html.matchAll(/<img\b[^>]*fetchpriority="high"[^>]*>/gi)].map(([tag]) => tag);
      expect(priorityImages.length, `${route}: at most one priority image`).toBeLessThanOrEqual(1);
      // React (through @astrojs/react 7.1) writes a preload hint before a priority image: it may name
      // that image only, never raise another.
      const address = (tag: string) => /\s(?:src|href)="([^"]*)"/.exec(tag)?.[1];
      for (const [hint] of html.matchAll(/<link\b[^>]*rel="preload"[^>]*as="image"[^>]*>/gi)) {
        expect(address(hint), `${route}: an image preload names the priority image`).toBe(
          address(priorityImages[0] ?? ''),
        );
      }
    }
  });

  test('the home page describes the organisation in JSON-LD', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const json = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    const data = JSON.parse(json ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.companyName,
      url: `${site.siteUrl}/`,
    });
    expect(data.sameAs).toContain(site.linkedinUrl);
  });
});
