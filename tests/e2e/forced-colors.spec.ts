import { expect, test, type Locator, type Page } from '@playwright/test';
import { openWizard } from '../support/wizard.ts';

/**
 * Forced colours (Windows High Contrast and the like): the browser replaces every colour with the
 * visitor's few system colours and drops background images and shadows. What the site shows only
 * by a fill, a gradient or a shadow must still be told apart there.
 */
test.use({ colorScheme: 'dark' });
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
});

const style = (locator: Locator) =>
  locator.evaluate((element) => {
    const { borderTopStyle, borderTopWidth, backgroundColor, color, outlineStyle, outlineWidth, forcedColorAdjust } =
      getComputedStyle(element);
    return { borderTopStyle, borderTopWidth, backgroundColor, color, outlineStyle, outlineWidth, forcedColorAdjust };
  });

/** Whether a computed colour paints: `rgba(…, 0)` (transparent) does not. */
const paints = (color: string) => !/^rgba\(.*,\s*0(\.0+)?\)$/.test(color);

/** The page's own background (the system's Canvas colour, as forced). */
const canvas = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a filled button keeps an edge: it does not read as a bare word', async ({ page }) => {
  const dialog = await openWizard(page);
  for (const button of [
    page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first(),
    dialog.getByRole('button', { name: 'Next' }),
  ]) {
    const { borderTopStyle, borderTopWidth } = await style(button);
    const name = (await button.textContent()) ?? '';
    expect(borderTopStyle, name).not.toBe('none');
    expect(parseFloat(borderTopWidth), name).toBeGreaterThanOrEqual(1);
  }
});

test('the focused control keeps its outline', async ({ page }) => {
  const dialog = await openWizard(page);
  await page.keyboard.press('Tab');
  const focused = dialog.locator(':focus-visible');
  await expect(focused).toHaveCount(1);
  const { outlineStyle, outlineWidth } = await style(focused);
  expect(outlineStyle).not.toBe('none');
  expect(parseFloat(outlineWidth)).toBeGreaterThanOrEqual(2);
});

test("the wizard's progress bar shows how far the visitor is", async ({ page }) => {
  const dialog = await openWizard(page);
  const fill = dialog.getByRole('progressbar').locator('> *');
  const { backgroundColor } = await style(fill);
  expect(paints(backgroundColor), backgroundColor).toBe(true);
  expect(backgroundColor).not.toBe(await canvas(page));
});

test('the chosen Results filter differs from the others by more than its fill', async ({ page }) => {
  await page.goto('/results');
  const chosen = page.getByRole('button', { name: 'Healthcare', exact: true });
  await chosen.click();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  const other = page.getByRole('button', { name: 'Retail', exact: true });
  const [pressed, unpressed, page_] = [await style(chosen), await style(other), await canvas(page)];
  expect(paints(pressed.backgroundColor), pressed.backgroundColor).toBe(true);
  expect(pressed.backgroundColor).not.toBe(page_);
  expect(pressed.backgroundColor).not.toBe(unpressed.backgroundColor);
  // Its label in the highlight's own text colour, with no backplate of the page's colour behind it.
  expect(pressed.color).not.toBe(pressed.backgroundColor);
  expect(pressed.forcedColorAdjust).toBe('none');
});

test('the menu drawer has an edge against the page it covers', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const width = await drawer.evaluate((element) => getComputedStyle(element).borderInlineStartWidth);
  expect(parseFloat(width)).toBeGreaterThanOrEqual(1);
});
