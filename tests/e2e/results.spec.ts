import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { filterCategories, readCaseStudies } from '../support/case-studies.ts';
import { gotoWithIslandRuntimeHeld, holdRequests } from '../support/request-gate.ts';
import { setInWebFont, waitForFont } from '../support/settle.ts';

const studies = readCaseStudies();
const titlesOf = (category?: string) =>
  studies.filter((study) => !category || study.data.category === category).map((study) => study.data.title);

const filter = (page: Page) => page.getByRole('group', { name: 'Filter by category' });
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 2 }).allTextContents();
const status = (page: Page) => page.getByRole('main').getByRole('status');

/** The filter only works once the island has hydrated; Astro removes `ssr` from the island then. */
async function openResults(page: Page, path = '/results') {
  await page.goto(path);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
}

async function expectPressed(page: Page, active: string) {
  for (const name of ['All', ...filterCategories]) {
    await expect(filter(page).getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-pressed',
      String(name === active),
    );
  }
}

test('under All, the 17 case studies show as cards in order, each with image, badge, title, description and link', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await openResults(page);
  await expect(page).toHaveTitle('Our Results: Case Studies | Humanwise');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Results' })).toBeVisible();
  await expect(cards(page)).toHaveCount(17);
  expect(await cardTitles(page)).toEqual(titlesOf());
  await expectPressed(page, 'All');
  await expect(status(page)).toHaveText('Showing all 17 case studies');
  // The copy's `{count}` is the number published, so a study added through the CMS updates it.
  await expect(page.getByRole('main').getByText(/^Seventeen engagements across healthcare/)).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Seventeen case studies in /);

  for (const [index, study] of studies.entries()) {
    const card = cards(page).nth(index);
    await expect(card.getByText(study.data.category, { exact: true })).toBeVisible();
    await expect(card.getByText(study.data.description)).toBeVisible();
    const image = card.locator('img');
    await expect(image).toHaveAttribute('width', '1200');
    await expect(image).toHaveAttribute('height', '800');
    await expect(image).toHaveAttribute('loading', index < 3 ? 'eager' : 'lazy');
    const link = card.getByRole('link', { name: 'View Case Study' });
    await expect(link).toHaveAttribute('href', `/case-study/${study.name}`);
    await expect(link).toHaveAccessibleDescription(study.data.title);
  }
});

test('each category button shows exactly its studies, and the counts add up to 17', { tag: '@one-viewport' }, async ({
  page,
}) => {
  await openResults(page);
  let total = 0;
  for (const category of filterCategories) {
    await filter(page).getByRole('button', { name: category, exact: true }).click();
    const expected = titlesOf(category);
    expect(expected.length, category).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(expected.length);
    expect(await cardTitles(page)).toEqual(expected);
    total += await cards(page).count();
  }
  expect(total).toBe(17);

  await filter(page).getByRole('button', { name: 'All', exact: true }).click();
  await expect(cards(page)).toHaveCount(17);
  await expectPressed(page, 'All');
});

test('All has no accessibility violations', async ({ page }) => {
  await openResults(page);
  await expectNoAxeViolations(page);
});

for (const category of filterCategories) {
  // Which cards, badges and count a category shows does not depend on the screen: on a phone, the
  // first category stands for the filtered state's layout and accessibility.
  test(`${category}: pressed, badges match, count announced, no accessibility violations`, async ({
    page,
    viewport,
  }) => {
    test.skip((viewport?.width ?? 0) < 1024 && category !== filterCategories[0], 'on a phone, one category');
    await openResults(page);
    await filter(page).getByRole('button', { name: category, exact: true }).click();
    const count = titlesOf(category).length;
    await expect(cards(page)).toHaveCount(count);
    await expectPressed(page, category);
    for (const badge of await cards(page).locator('p:first-child').allTextContents()) expect(badge).toBe(category);
    await expect(status(page)).toHaveText(`Showing ${count} ${category} case ${count === 1 ? 'study' : 'studies'}`);
    await expectNoAxeViolations(page);
  });
}

test('the filter works from the keyboard', { tag: '@one-viewport' }, async ({ page }) => {
  await openResults(page);
  const training = filter(page).getByRole('button', { name: 'Training', exact: true });
  await training.focus();
  await page.keyboard.press('Enter');
  await expect(cards(page)).toHaveCount(titlesOf('Training').length);
  await page.keyboard.press('Shift+Tab');
  await expect(filter(page).getByRole('button', { name: 'Employee Experience' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(cards(page)).toHaveCount(titlesOf('Employee Experience').length);
  await expectPressed(page, 'Employee Experience');
});

test('the chosen category lives in the URL: reload, back and forward restore it', { tag: '@one-viewport' }, async ({
  page,
}) => {
  await openResults(page);
  await filter(page).getByRole('button', { name: 'Healthcare', exact: true }).click();
  await expect(page).toHaveURL(/\/results\?category=Healthcare$/);

  await page.reload();
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(1);
  await expectPressed(page, 'Healthcare');
  expect(await cardTitles(page)).toEqual(titlesOf('Healthcare'));

  await filter(page).getByRole('button', { name: 'Employee Experience' }).click();
  await expect(page).toHaveURL(/\?category=Employee\+Experience$/);
  await expect(cards(page)).toHaveCount(titlesOf('Employee Experience').length);

  await page.goBack();
  await expect(page).toHaveURL(/\?category=Healthcare$/);
  await expectPressed(page, 'Healthcare');
  expect(await cardTitles(page)).toEqual(titlesOf('Healthcare'));

  await filter(page).getByRole('button', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(/\/results$/);
  await expect(cards(page)).toHaveCount(17);

  await page.goBack();
  await expectPressed(page, 'Healthcare');
  await page.goForward();
  await expect(page).toHaveURL(/\/results$/);
  await expectPressed(page, 'All');
  await expect(cards(page)).toHaveCount(17);
});

test('a shared link opens the list filtered; an unknown category shows everything', { tag: '@one-viewport' }, async ({
  page,
}) => {
  await openResults(page, '/results?category=Automotive');
  await expectPressed(page, 'Automotive');
  expect(await cardTitles(page)).toEqual(titlesOf('Automotive'));
  await expect(status(page)).toHaveText(`Showing ${titlesOf('Automotive').length} Automotive case studies`);

  await openResults(page, '/results?category=Gardening');
  await expectPressed(page, 'All');
  await expect(cards(page)).toHaveCount(17);
});

test('a card leads to its case study', { tag: '@one-viewport' }, async ({ page }) => {
  await openResults(page, '/results?category=Retail');
  const first = studies.find((study) => study.data.category === 'Retail')!;
  await cards(page).first().getByRole('link', { name: 'View Case Study' }).click();
  await expect(page).toHaveURL(new RegExp(`/case-study/${first.name}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.data.title })).toBeVisible();
});

test('the island hydrates cleanly: one filter, one list, no console errors, within the JavaScript budgets', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(response.url(), gzipSync(await response.body()).length);
  });

  await openResults(page);
  await filter(page).getByRole('button', { name: 'Insurance', exact: true }).click();
  await expect(cards(page)).toHaveCount(titlesOf('Insurance').length);
  await filter(page).getByRole('button', { name: 'All', exact: true }).click();
  await expect(cards(page)).toHaveCount(17);
  await expect(page.getByRole('group')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('list')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(17);
  await expect(page.getByRole('button', { name: 'Healthcare', exact: true })).toHaveCount(1);
  expect(errors).toEqual([]);

  // First-load JavaScript: what the HTML itself carries or names; everything else is the island's.
  const html = await page.content();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .join('');
  const named = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) =>
    new URL(match[1]!, page.url()).toString(),
  );
  const firstLoad = gzipSync(inline).length + named.reduce((sum, url) => sum + (scripts.get(url) ?? 0), 0);
  const island = [...scripts].filter(([url]) => !named.includes(url)).reduce((sum, [, size]) => sum + size, 0);
  expect(island).toBeGreaterThan(0);
  expect(firstLoad, 'first-load JS, gzip').toBeLessThanOrEqual(5 * 1024);
  expect(island, 'island JS, gzip').toBeLessThanOrEqual(70 * 1024);
});

test('the filter loads after the first paint, and a choice made before it is ready still applies', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // Hold the island's module, as a slow phone would: the buttons are already on screen meanwhile.
  const island = await holdRequests(page, /ResultsFilter[^/]*\.js$/);
  await page.goto('/results', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await filter(page).getByRole('button', { name: 'Retail', exact: true }).click();
  island.release();
  await expect(cards(page)).toHaveCount(titlesOf('Retail').length);
  await expectPressed(page, 'Retail');
  await expect(page).toHaveURL(/\?category=Retail$/);
});

test('a choice made before the island runtime has arrived is held and applied', { tag: '@one-viewport' }, async ({
  page,
}) => {
  const runtime = await gotoWithIslandRuntimeHeld(page, '/results');
  await filter(page).getByRole('button', { name: 'Insurance', exact: true }).click();
  runtime.release();
  await expect(cards(page)).toHaveCount(titlesOf('Insurance').length);
  await expectPressed(page, 'Insurance');
  await expect(page).toHaveURL(/\?category=Insurance$/);
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('all 17 cards show, even for a filtered link, and no filter buttons pretend to work', async ({ page }) => {
    await page.goto('/results?category=Healthcare');
    await expect(cards(page)).toHaveCount(17);
    expect(await cardTitles(page)).toEqual(titlesOf());
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByText('Filter by category')).toBeHidden();
    await expect(status(page)).toHaveText('Showing all 17 case studies');
    await expect(cards(page).first().getByRole('link', { name: 'View Case Study' })).toHaveAttribute(
      'href',
      `/case-study/${studies[0]!.name}`,
    );
  });
});

/**
 * The cards below the fold are laid out only near the viewport (`render-near-view`), at a
 * placeholder height until then: the page must not grow or shrink much as they are reached, or the
 * scrollbar's thumb moves under the reader's finger. (A 520 px placeholder against cards of 720-800
 * px grew the page from 12,576 to 16,083 px at 320 px.)
 */
for (const width of [320, 1280]) {
  test(`at ${width} px the page is about as tall before scrolling as after`, { tag: '@one-viewport' }, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await setInWebFont(page);
    await page.goto('/results');
    await waitForFont(page);
    const before = await page.evaluate(() => document.documentElement.scrollHeight);
    // Down one screen at a time, each step waiting two frames: the one that renders the cards come
    // near the viewport and the one after it, by when their real size is the one remembered.
    const after = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const root = document.documentElement;
      while (Math.ceil(scrollY + innerHeight) < root.scrollHeight) {
        // Instantly: the page scrolls smoothly to in-page links, and a smooth step would take many frames.
        scrollBy({ top: innerHeight, behavior: 'instant' });
        await frame();
        await frame();
      }
      return root.scrollHeight;
    });
    expect(Math.abs(after - before) / after, `${before} px before, ${after} px after`).toBeLessThanOrEqual(0.05);
  });
}
