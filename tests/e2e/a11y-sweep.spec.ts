import { test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { publicRoutes } from '../support/routes.ts';
import { scrollThroughAndSettle } from '../support/settle.ts';

/** axe on every route, at 375px and 1280px (the two projects), after scrolling so lazy content is in. */
for (const route of [...publicRoutes(), '/no-such-page', '/program/no-such-program']) {
  test(`${route} has no accessibility violations`, async ({ page }) => {
    await page.goto(route);
    await scrollThroughAndSettle(page);
    await expectNoAxeViolations(page);
  });
}
