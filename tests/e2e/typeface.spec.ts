import { expect, test, type Page } from '@playwright/test';
import { waitForFont } from '../support/settle.ts';

/**
 * The typeface is self-hosted: one woff2 from our own origin, cached for a year, named by the page's
 * own @font-face (which survives the per-page CSS pruning), with a size-adjusted local fallback face.
 * The first paint never waits for it: the first frame is set in the fallback, the font is fetched
 * after the first contentful paint, and later pages of the visit use it from their first frame. A
 * page never switches while on screen: that would re-wrap the text being read.
 * Checked on a prerendered page, one pruned per request and one with islands. The typeface does not
 * depend on the viewport: one project runs these (the tag, in playwright.config.ts).
 */
const oneViewport = { tag: '@one-viewport' };

/** The family the page's level-1 heading is set in, and whether that face has loaded. */
function headingFace(page: Page) {
  return page.getByRole('heading', { level: 1 }).evaluate(async (element) => {
    await document.fonts.ready;
    const family = getComputedStyle(element).fontFamily.split(',')[0]!.trim().replace(/^"|"$/g, '');
    const face = [...document.fonts].find((candidate) => candidate.family.replace(/^"|"$/g, '') === family);
    return { family, status: face?.status };
  });
}

for (const route of ['/', '/privacy-policy', '/results']) {
  test(
    `${route}: the self-hosted typeface is fetched after the first paint and cached, the page kept as painted`,
    oneViewport,
    async ({ page, request }) => {
      const fontRequests: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'font') fontRequests.push(new URL(req.url()).pathname);
      });
      await page.goto(route);
      await expect(
        page.locator('head link[rel="preload"][as="font"]'),
        'nothing preloaded ahead of the paint',
      ).toHaveCount(0);
      await waitForFont(page);

      expect([...new Set(fontRequests)]).toHaveLength(1);
      const font = fontRequests[0]!;
      expect(font).toMatch(/^\/_astro\/fonts\/[\w-]+\.woff2$/);
      const response = await request.get(font);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('font/woff2');
      expect(response.headers()['cache-control']).toContain('immutable');

      const styles = (await page.locator('style').allTextContents()).join('\n');
      expect(styles, 'the page declares the face it uses').toContain(`url(${font})`);
      expect(styles, 'a metric-matched fallback face').toMatch(/src:local\(Arial\);[^}]*size-adjust:[\d.]+%/);

      const timing = await page.evaluate((path) => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const fetch = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path);
        return { paint: paint?.startTime, fetch: fetch?.startTime };
      }, font);
      expect(timing.paint).toBeDefined();
      expect(timing.fetch, 'the font is fetched after the first contentful paint').toBeGreaterThanOrEqual(
        timing.paint!,
      );

      const rendered = await headingFace(page);
      expect(rendered.family, 'the first page of a visit keeps its fallback').toMatch(/^Figtree-\w+ fallback: /);
      await expect(page.locator('html')).not.toHaveClass(/webfont/);
    },
  );
}

test('the font arriving moves nothing on screen', oneViewport, async ({ page }) => {
  // A program page whose heading takes one line more in the typeface than in the fallback, at a
  // phone's width: switching the page over moved its first screen 43 px (a layout shift of 0.3).
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/program/ripple-effect');
  await waitForFont(page);
  const shifts = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const values: number[] = [];
        const record = (entries: PerformanceEntryList) =>
          values.push(...entries.map((entry) => (entry as PerformanceEntry & { value: number }).value));
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        // Two frames after the font arrived, so a switch it caused has been laid out and painted.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            record(observer.takeRecords());
            observer.disconnect();
            resolve(values);
          }),
        );
      }),
  );
  expect(shifts).toEqual([]);
});

test('later pages of the visit are set in the typeface from their first frame', oneViewport, async ({ page }) => {
  // Whether the font is let in by the time the document is parsed (before its first frame).
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { fontAtParse: boolean }).fontAtParse =
        document.documentElement.classList.contains('webfont');
    });
  });
  const fontAtParse = () => page.evaluate(() => (window as unknown as { fontAtParse: boolean }).fontAtParse);

  await page.goto('/');
  expect(await fontAtParse(), 'the first page of a visit paints first, then fetches the font').toBe(false);
  await waitForFont(page);

  await page.goto('/about');
  expect(await fontAtParse(), 'a later page uses the cached font from the start').toBe(true);
  expect((await headingFace(page)).family).toMatch(/^Figtree/);
});

test('without JavaScript, text is set in the typeface too', oneViewport, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/privacy-policy');
  const rendered = await headingFace(page);
  expect(rendered.family).toMatch(/^Figtree/);
  expect(rendered.status).toBe('loaded');
  await context.close();
});
