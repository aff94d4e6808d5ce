import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { cspViolations, recordCspViolations } from '../support/csp.ts';
import { expectSameRendering, shippedSiteStylesheet, siteStylesheets } from '../support/page-css.ts';
import { publicRoutes } from '../support/routes.ts';
import { scrollThroughAndSettle } from '../support/settle.ts';

/**
 * Every page, loaded once per viewport (375px and 1280px, the two projects) for the checks that
 * need all of it in a browser: it renders exactly as with the whole site stylesheet while shipping
 * less of it (per-page CSS, src/lib/prune-page-css.ts), axe finds no violation once it has been
 * scrolled through (lazy content in), and nothing it loads or runs on its own (its font, islands,
 * feed) breaks the Content-Security-Policy. One load for all: they were three specs loading each page.
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

    test('renders as with the whole stylesheet, ships less of it, has no accessibility or CSP violations', async ({
      page,
      request,
    }) => {
      await recordCspViolations(page);
      await page.goto(route);
      await expectSameRendering(page);
      await scrollThroughAndSettle(page);
      await expectNoAxeViolations(page);
      expect(await cspViolations(page)).toEqual([]);
      const html = await (await request.get(route)).text();
      const shipped = shippedSiteStylesheet(html);
      expect(shipped.length).toBeGreaterThan(0);
      expect(shipped.length).toBeLessThan(siteStylesheets[0]!.length * 0.75);
    });
  });
}

for (const route of ['/no-such-page', '/program/no-such-program']) {
  test(`${route} has no accessibility or CSP violations`, async ({ page }) => {
    await recordCspViolations(page);
    await page.goto(route);
    await scrollThroughAndSettle(page);
    await expectNoAxeViolations(page);
    expect(await cspViolations(page)).toEqual([]);
  });
}
