import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * The editor lets the marketing team write any word, and a pasted address or part number can be
 * longer than a phone's line. It must break, not run off the page or under the next column. The
 * copy is changed in the page, since no content file holds such a word.
 */
const LONG_WORD = `https://www.example.com/${'engagement-'.repeat(12)}report`;

async function writeLongWord(text: Locator) {
  await text.evaluate((element, word) => {
    element.textContent = `Read ${word} for the whole story.`;
  }, LONG_WORD);
}

async function expectInside(page: Page, text: Locator, box: Locator) {
  const [inner, outer] = await Promise.all([text.boundingBox(), box.boundingBox()]);
  expect(inner && outer && inner.x + inner.width <= outer.x + outer.width + 0.5).toBe(true);
  // Nor does the text run out of its own box (a card's overflow: hidden would cut it off unseen).
  expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.use({ viewport: { width: 320, height: 720 } });

test('a long word in a Results card breaks inside the card', { tag: '@one-viewport' }, async ({ page }) => {
  await page.goto('/results');
  const card = page.getByRole('main').getByRole('article').first();
  const summary = card.locator('p').nth(1);
  // The result line: a tick, then the text.
  const result = card.locator('p').nth(2);
  await writeLongWord(summary);
  await writeLongWord(result.locator('span').first());
  await expectInside(page, summary, card);
  await expectInside(page, result, card);
});

test('a long word on a case study breaks inside its column', { tag: '@one-viewport' }, async ({ page }) => {
  await page.goto('/case-study/cdp');
  const main = page.getByRole('main');
  const heading = main.getByRole('heading', { level: 1 });
  // The card summary under the title, and the client's description in the facts beside it.
  const summary = heading.locator('xpath=following-sibling::p[1]');
  const client = main.getByRole('definition').first();
  for (const text of [heading, summary, client]) await writeLongWord(text);
  for (const text of [heading, summary, client]) await expectInside(page, text, main);
});
