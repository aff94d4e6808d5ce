import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the waiting-list wizard as a visitor does, from a program page's "Join the Waiting List";
 * returns the dialog once it is shown. No waiting for the island: it loads on this first
 * interaction, and the click is replayed once it is ready.
 */
export async function openWizard(page: Page, programPage = '/program/orchestration'): Promise<Locator> {
  await page.goto(programPage);
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await expect(dialog).toBeVisible();
  return dialog;
}
