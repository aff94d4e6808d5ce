import { expect, test } from '@playwright/test';
import { noFeedURL } from '../../playwright.config.ts';
import { rawRequest } from '../support/raw-http.ts';

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

test('without ENABLE_FAILURE_ROUTE, no spelling of the failure route or of /500 answers 500', async () => {
  test.skip(test.info().project.name !== 'desktop', 'the answers do not depend on the viewport');
  // The second server runs without ENABLE_FAILURE_ROUTE. Astro reads a path more loosely than our
  // server (percent-escapes, dot segments, a .html suffix): each of these reached the failing page,
  // or the 500 page directly, and let anyone fire the operator's 5xx alert.
  const port = Number(new URL(noFeedURL).port);
  const targets = [
    '/diagnostics/render-failure',
    '/%64iagnostics/render-failure',
    '/diagnostics/render%2Dfailure',
    '/diagnostics/./render-failure',
    '/diagnostics/render-failure.html',
    '/500',
    '/%35%30%30',
    '/500.html',
  ];
  for (const target of targets) {
    const answer = await rawRequest(port, target);
    expect(answer.status, target).toBe(404);
    expect(answer.body, target).toContain('Page not found');
  }
});
