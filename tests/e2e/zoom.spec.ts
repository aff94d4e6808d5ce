import { expect, test } from '@playwright/test';
import { openWizard } from '../support/wizard.ts';

/**
 * 400% browser zoom: a 1280x1024 screen is 320x256 CSS pixels (WCAG 1.4.10, reflow). The
 * waiting-list dialog must still show a field whole, with its label, and reach every part.
 */
test('at 400% zoom the waiting-list dialog shows a field with its label and scrolls to all of it', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 256 });
  const dialog = await openWizard(page);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const name = dialog.getByLabel('Full name');
  await expect(name).toBeFocused();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
  const label = dialog.locator('label[for="waitlist-name"]');
  await label.scrollIntoViewIfNeeded();
  // Both painted at their centres: neither is scrolled out of the strip the dialog gives its fields.
  const seen = (target: typeof name) =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
  expect(await seen(label)).toBe(true);
  expect(await seen(name)).toBe(true);
  const page_ = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(page_).toBeLessThanOrEqual(320);
  for (const control of [dialog.getByRole('button', { name: 'Close' }), dialog.getByRole('button', { name: 'Next' })]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport();
  }
});
