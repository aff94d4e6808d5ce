import { test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { publicRoutes } from '../support/routes.ts';

/** axe on every route, at 375px and 1280px (the two projects), after scrolling so lazy content is in. */
for (const route of [...publicRoutes(), '/no-such-page', '/program/no-such-program']) {
  test(`${route} has no accessibility violations`, async ({ page }) => {
    await page.goto(route);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 700) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    });
    await page.waitForTimeout(700);
    await expectNoAxeViolations(page);
  });
}
