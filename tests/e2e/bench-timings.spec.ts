import { expect, test } from '@playwright/test';
import { INTERACTIONS, measureInteractions } from '../../bench/interactions.ts';
import { measureNavigation, NAVIGATION_PAIRS } from '../../bench/navigate.ts';
import { chromiumPath } from '../support/chromium.ts';

// The bench's in-page timings (bench/interactions.ts, bench/navigate.ts) must keep working: each
// runs once on a throttled phone and measures. Their 100 ms budgets are `npm run bench`'s (timings
// are noisy on a shared machine). Tap to the next page also proves, in a Chromium that may
// prerender (Puppeteer's), that each pair's next page is shown from a prerender.

for (const interaction of INTERACTIONS) {
  test(`the tap "${interaction.label}" shows its result and is timed`, async ({ baseURL }, info) => {
    test.skip(info.project.name !== 'desktop', 'one browser of its own is enough');
    test.slow();
    const measured = await measureInteractions(baseURL ?? '', { chromiumPath, runs: 1, interactions: [interaction] });
    const [ms] = measured.get(interaction) ?? [];
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThan(30_000);
  });
}

test('each link pair’s next page is shown from a prerender, and the tap to its paint is timed', async ({
  baseURL,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one browser of its own is enough');
  test.setTimeout(120_000);
  const measured = await measureNavigation(baseURL ?? '', { chromiumPath, runs: 1 });
  expect([...measured.keys()]).toEqual(NAVIGATION_PAIRS);
  for (const [pair, [run]] of measured) {
    expect(run?.prerendered, pair.label).toBe(true);
    expect(run?.tapToNextPaintMs, pair.label).toBeGreaterThan(0);
    expect(run?.tapToNextPaintMs, pair.label).toBeLessThan(30_000);
  }
});
