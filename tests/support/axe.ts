import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForStill } from './settle.ts';

/**
 * Fails with a readable list when axe finds any violation, of any impact, on the page once it is
 * still (a card caught mid-fade on a busy machine once failed the contrast check).
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  await waitForStill(page);
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}
