import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForStill } from './settle.ts';

/** What one analysis may add to its test's time: about 4x its cost on a loaded 2-core CI machine. */
const ANALYSIS_ALLOWANCE_MS = 10_000;

/**
 * Fails with a readable list when axe finds any violation, of any impact, on the page once it is
 * still (a card caught mid-fade on a busy machine once failed the contrast check).
 *
 * Legacy mode runs axe once in the page itself: our pages have no frames, so the default's second
 * pass in a blank page (to merge frames' results) only cost time, 4.5 -> 3 s an analysis here. Each
 * analysis extends its test's timeout, so a test that checks three states is not held to the time of
 * one (a two-state test once ran out of its 30 s while CI's other suites shared the cores).
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  test.info().setTimeout(test.info().timeout + ANALYSIS_ALLOWANCE_MS);
  await waitForStill(page);
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}
