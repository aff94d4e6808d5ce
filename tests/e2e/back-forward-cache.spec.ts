import { expect, test } from '@playwright/test';
import { chromiumPath } from '../support/chromium.ts';
import { firstOfEach } from '../support/first-of-each.ts';
import { publicRoutes } from '../support/routes.ts';

/**
 * Back and forward are instant: every page stays eligible for the back/forward cache (no `unload`
 * handler, no `Cache-Control: no-store` where it is not needed), proved by a `pageshow` with
 * `persisted` after going back, on one page of each template (below). The waiting-list form is
 * personal and sent with no-store on purpose, so it is left out.
 *
 * Playwright turns the cache off in the Chromium it starts; this file starts it with the cache on, and
 * in the full browser (the headless shell the other tests use has no back/forward cache).
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

const personal = ['/waitlist'];
/**
 * One page of each template: what makes a page ineligible (an `unload` handler, `no-store`, an open
 * connection) comes from its template's scripts and its route's headers, which the pages of a
 * template share (one case study, offer, program and legal page each stand for their kind).
 */
const templateOf = (path: string) =>
  /^\/(case-study|offer|program)\//.exec(path)?.[1] ??
  (['/privacy-policy', '/terms-of-service'].includes(path) ? 'legal' : path);
const onePerTemplate = firstOfEach(
  publicRoutes().filter((path) => !personal.includes(path)),
  templateOf,
);

// Eligibility does not depend on the viewport: one project (the tag), so the other never starts
// this file's browser only to skip.
for (const route of onePerTemplate) {
  test(`${route} is restored from the back/forward cache`, { tag: '@one-viewport' }, async ({ page }) => {
    await page.addInitScript(() => {
      addEventListener('pageshow', (event) => {
        if (event.persisted) document.documentElement.dataset['restoredFromCache'] = 'yes';
      });
    });
    await page.goto(route);
    // Let the page start everything it starts after the first paint (islands, speculation rules).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.goto(route === '/about' ? '/' : '/about');
    // A page restored from the cache fires no load event: wait for the navigation to commit.
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(new RegExp(`${route === '/' ? '/' : route}$`));
    const reasons = await page.evaluate(() =>
      JSON.stringify(
        (
          performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
            notRestoredReasons?: unknown;
          }
        ).notRestoredReasons ?? null,
      ),
    );
    await expect(page.locator('html'), `not restored: ${reasons}`).toHaveAttribute('data-restored-from-cache', 'yes');
  });
}

/**
 * What a page shows once restored is what it showed when left: a menu the visitor left it through
 * would be open again, over the page, though they had chosen from it. (The drawer closes as a link
 * in it is chosen; the wide screens' Programs menu is the one that needs this.)
 */
test('a page left through its Programs menu comes back with the menu closed, focus on its button', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => {
    addEventListener('pageshow', (event) => {
      if (event.persisted) document.documentElement.dataset['restoredFromCache'] = 'yes';
    });
  });
  await page.goto('/about');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const programs = page.getByRole('button', { name: 'Programs' });
  const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Programs' });
  await programs.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/program\//);
  await page.goBack({ waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-restored-from-cache', 'yes');
  await expect(menu).toBeHidden();
  await expect(programs).toBeFocused();
});
