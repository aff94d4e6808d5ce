import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectSameRendering, siteStylesheets } from '../support/page-css.ts';
import { publicRoutes } from '../support/routes.ts';
import { scrollThroughAndSettle } from '../support/settle.ts';

/**
 * Every page, loaded once per viewport (375px and 1280px, the two projects) for the two checks that
 * need all of it in a browser: it renders exactly as with the whole site stylesheet while shipping
 * less of it (per-page CSS, src/lib/prune-page-css.ts), and axe finds no violation once it has been
 * scrolled through (lazy content in). One load for both: they were two specs loading each page.
 *
 * At 375px one case study stands for the 20 that share its template (at 1280px each is checked):
 * what only a phone's width can change is the template's layout, and layout.spec.ts measures every
 * page at every width from 320px up.
 */
const routes = publicRoutes();
const CASE_STUDY = /^\/case-study\//;
const caseStudyOnPhones = routes.find((route) => CASE_STUDY.test(route));

for (const route of routes) {
  test.describe(route, () => {
    test.skip(
      ({ viewport }) => (viewport?.width ?? 0) < 1024 && CASE_STUDY.test(route) && route !== caseStudyOnPhones,
      `on a phone, ${caseStudyOnPhones} stands for the case-study template`,
    );

    test('renders as with the whole stylesheet, ships less of it, and has no accessibility violations', async ({
      page,
      request,
    }) => {
      await page.goto(route);
      await expectSameRendering(page);
      await scrollThroughAndSettle(page);
      await expectNoAxeViolations(page);
      const html = await (await request.get(route)).text();
      const shipped = html.match(/<style>(\/\*! tailwindcss[\s\S]*?)<\/style>/)?.[1] ?? '';
      expect(shipped.length).toBeGreaterThan(0);
      expect(shipped.length).toBeLessThan(siteStylesheets[0]!.length * 0.75);
    });
  });
}

for (const route of ['/no-such-page', '/program/no-such-program']) {
  test(`${route} has no accessibility violations`, async ({ page }) => {
    await page.goto(route);
    await scrollThroughAndSettle(page);
    await expectNoAxeViolations(page);
  });
}
