import { expect, test } from '@playwright/test';

/**
 * The typeface is self-hosted: one preloaded woff2 from our own origin, cached for a year, named by
 * the page's own @font-face (which survives the per-page CSS pruning), with a size-adjusted local
 * fallback face in front of the generic one. Checked on a prerendered page, one pruned per request
 * and one with islands.
 */
for (const route of ['/', '/privacy-policy', '/results']) {
  test(`${route}: text is set in the self-hosted typeface, preloaded and cached`, async ({ page, request }) => {
    test.skip(test.info().project.name !== 'desktop', 'the typeface does not depend on the viewport');
    const fontRequests: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'font') fontRequests.push(new URL(req.url()).pathname);
    });
    await page.goto(route);

    const preloads = await page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloads).toHaveLength(1);
    const font = preloads[0]!;
    expect(font).toMatch(/^\/_astro\/fonts\/[\w-]+\.woff2$/);
    const response = await request.get(font);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('font/woff2');
    expect(response.headers()['cache-control']).toContain('immutable');

    const styles = (await page.locator('style').allTextContents()).join('\n');
    expect(styles, 'the page declares the face it preloads').toContain(`url(${font})`);
    expect(styles, 'a metric-matched fallback face').toMatch(/src:local\(Arial\);[^}]*size-adjust:[\d.]+%/);

    const heading = page.getByRole('heading', { level: 1 });
    const rendered = await heading.evaluate(async (element) => {
      await document.fonts.ready;
      const family = getComputedStyle(element).fontFamily.split(',')[0]!.trim().replace(/^"|"$/g, '');
      const face = [...document.fonts].find((candidate) => candidate.family.replace(/^"|"$/g, '') === family);
      return { family, status: face?.status };
    });
    expect(rendered.family).toMatch(/^Figtree/);
    expect(rendered.status).toBe('loaded');
    expect([...new Set(fontRequests)]).toEqual([font]);
  });
}
