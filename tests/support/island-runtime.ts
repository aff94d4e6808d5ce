import { expect, type Page } from '@playwright/test';

/**
 * Opens `path` with the island runtime (<astro-island> and the directives, fetched after the first
 * paint: src/build/island-scripts.mjs) held back for 800 ms, as a slow phone connection would, and
 * checks that it has not arrived yet, so what the test does next happens before it.
 */
export async function gotoWithIslandRuntimeHeld(page: Page, path: string) {
  await page.route(/\/_astro\/island-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(path);
  expect(
    await page.evaluate(() => customElements.get('astro-island')),
    'the runtime has not arrived yet',
  ).toBeUndefined();
}
