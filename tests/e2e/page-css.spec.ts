import { expect, test } from '@playwright/test';
import { expectSameRendering, siteStylesheets } from '../support/page-css.ts';
import { noFeedURL } from '../../playwright.config.ts';

/**
 * Each page ships only the CSS rules its markup and its islands' scripts can use
 * (src/lib/prune-page-css.ts, src/build/page-css.mjs). The proof that this
 * never changes what a visitor sees: put the site's whole stylesheet back into the page and
 * compare every element's computed style, pseudo-elements included, before and after: on every page
 * in every-page.spec.ts (one load for this and axe), here in the states that scripts create (open
 * menus and dialogs, errors, filtered lists, loaded articles).
 */
test('every page inlines the same site stylesheet before pruning', () => {
  expect(siteStylesheets).toHaveLength(1);
});

test('pages in their scripted states render exactly as with the whole stylesheet', async ({ page, viewport }) => {
  test.slow(); // six page states, each styled twice in full
  // The header's menu: the drawer on a phone, the Programs menu on a desktop.
  await page.goto('/');
  if ((viewport?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
  else await page.getByRole('button', { name: 'Programs' }).click();
  await expectSameRendering(page);

  // The waiting-list dialog with step 1's errors showing.
  await page.goto('/program/orchestration');
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
  await expectSameRendering(page);

  // The Results list filtered.
  await page.goto('/results');
  await page.getByRole('button', { name: 'Retail', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Retail', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectSameRendering(page);

  // Point of View with its articles loaded.
  await page.goto('/pov');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectSameRendering(page);

  // Point of View after a failed load, where the server held no articles (the island's page): the
  // message and its "Try again" button, focused by keyboard.
  await page.route('**/api/pov', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto(`${noFeedURL}/pov`);
  await page.getByRole('alert').click();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
  await expectSameRendering(page);
  await page.unrouteAll();

  // The plain waiting-list form (rendered per request) after a post with errors.
  await page.goto('/waitlist');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The message stands twice: in the error summary at the top (a link led by its label) and under its field.
  await expect(page.getByRole('link', { name: 'Full name: Name is required', exact: true })).toBeVisible();
  await expect(page.getByText('Name is required', { exact: true }).last()).toBeVisible();
  await expectSameRendering(page);
});
