import { expect, test } from '@playwright/test';
import { publicRoutes } from '../support/routes.ts';
import { waitForWebFont } from '../support/settle.ts';

/**
 * Visual regression: every route at a phone and a laptop width, compared with the committed
 * baselines in visual.spec.ts-snapshots/ (1% of pixels may differ: anti-aliasing, not a layout
 * change). Runs in the `visual` project only, with animations off and the Point of View feed from
 * the fixture server. After an intended visual change, regenerate and review the baselines:
 *   npx playwright test tests/e2e/visual.spec.ts --update-snapshots
 */
const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'laptop', width: 1280, height: 800 },
];

const LEGAL = new Set(['/privacy-policy', '/terms-of-service']);

for (const route of publicRoutes()) {
  for (const { name, width, height } of WIDTHS) {
    test(`${route} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto(route);
      if (route === '/pov') await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      // A full-page capture does not scroll: draw every block that renders only near the viewport
      // (content-visibility: auto) and fetch every lazy image, as a visitor scrolling down sees them.
      await page.addStyleTag({ content: '.render-near-view { content-visibility: visible !important; }' });
      await page.evaluate(() => {
        for (const image of document.querySelectorAll('img')) image.loading = 'eager';
      });
      // The web font in use and every image settled, so the picture does not depend on timing.
      await waitForWebFont(page);
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await page.waitForLoadState('networkidle');
      const file = `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}-${name}.png`;
      await expect(page).toHaveScreenshot(file, {
        fullPage: true,
        // The legal pages' "Last updated" is the day they are served.
        mask: LEGAL.has(route) ? [page.locator('main time')] : [],
      });
    });
  }
}
