import { expect, test } from '@playwright/test';

test('an unknown path answers 404 with the not-found page and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect.poll(() => logged.some((text) => text.includes('/no-such-page'))).toBe(true);
  // axe on this page: tests/e2e/every-page.spec.ts.
});

test('a nested unknown path is a 404 too, and Return to Home goes home', async ({ page }) => {
  const response = await page.goto('/case-study/does-not-exist');
  expect(response?.status()).toBe(404);
  await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a page that fails to render answers 500 with "Unexpected Application Error!"', async ({ page }) => {
  const response = await page.goto('/diagnostics/render-failure');
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
});
