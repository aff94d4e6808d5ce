/**
 * The Point of View page. The site's server holds the fixture feed's articles, so its /pov comes
 * with them as HTML. The loading, error, empty and "Try again" states are the island's, shown where
 * the server holds none: on the second server of playwright.config.ts (`noFeedURL`), whose feed has
 * never answered, with /api/pov answered by each test.
 */
import { expect, test, type Page } from '@playwright/test';
import { noFeedURL } from '../../playwright.config.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { holdRequests } from '../support/request-gate.ts';

/** /pov where the server holds no articles: the island reads /api/pov. */
const islandPov = `${noFeedURL}/pov`;

const article = (n: number, thumbnail: string | null = null) => ({
  title: `Essay ${n}`,
  link: `https://blog.example.com/essay-${n}`,
  description: `What we learned in engagement ${n}.`,
  thumbnail,
  published: null,
});

async function answerFeed(page: Page, body: unknown, status = 200) {
  await page.route('**/api/pov', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

/**
 * Answers the page's requests for the feed with `responses` in turn, then lets every later one
 * through (to a handler registered before this one, else to the server and its fixture feed).
 */
async function answerFeedInTurn(page: Page, ...responses: { status: number; body: unknown }[]) {
  let requests = 0;
  await page.route('**/api/pov', (route) => {
    const response = responses[requests++];
    if (!response) return route.fallback();
    return route.fulfill({
      status: response.status,
      contentType: 'application/json',
      body: JSON.stringify(response.body),
    });
  });
}

const FOUR_ARTICLES = { status: 'ok', items: [1, 2, 3, 4].map((n) => article(n)) };

const articleTitles = (page: Page) =>
  page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
const articlesRegion = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Articles' });
const tryAgain = (page: Page) => page.getByRole('button', { name: 'Try again' });

test('lists the articles our server read from the feed, four or fewer reversed, with safe new-tab links', async ({
  page,
}) => {
  const feedRequests: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/pov') && feedRequests.push(request.url()));
  await page.goto('/pov');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(4);
  expect(await articleTitles(page)).toEqual([
    'Momentum after the workshop',
    'Experiments your CFO will fund',
    'The touchpoints worth keeping human',
    'Map the service before you automate it',
  ]);
  // Each card is named by its title and dated from the feed's pubDate.
  const first = page.getByRole('main').getByRole('article', { name: 'Momentum after the workshop' });
  await expect(first.locator('time')).toHaveText('January 28, 2025');
  await expect(first.locator('time')).toHaveAttribute('datetime', '2025-01-28T15:12:55.000Z');
  await expect(page.getByRole('main').getByRole('article').first()).toHaveAccessibleName('Momentum after the workshop');
  const link = first.getByRole('link', { name: /Read the article/ });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('href', /^https:\/\/medium\.example\.com\//);
  await expect(first.getByRole('paragraph').first()).not.toContainText('<');
  await expectNoAxeViolations(page);
  // They came with the page: no request for them, and no script needed to see them.
  expect(feedRequests).toEqual([]);
  const html = await (await page.request.get('/pov')).text();
  for (const title of await articleTitles(page)) expect(html).toContain(title);
  expect(html).not.toContain('Loading articles');
});

test("the first article's image is asked for with the page, before the others", async ({ page }) => {
  await page.goto('/pov');
  const images = page.getByRole('main').getByRole('article').locator('img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  for (const image of (await images.all()).slice(1)) await expect(image).toHaveAttribute('loading', 'lazy');
});

test('an image that fails shows the placeholder, not a broken image', { tag: '@one-viewport' }, async ({ page }) => {
  await page.route('**/api/pov/thumbnail*', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/pov');
  const image = page.getByRole('main').getByRole('article').first().locator('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(0);
  // Drawn only for a broken image: a box over all of it, painted with the placeholder.
  const cover = await image.evaluate((img) => {
    const after = getComputedStyle(img, '::after');
    return { position: after.position, background: after.backgroundImage, width: after.width, box: img.clientWidth };
  });
  expect(cover.position).toBe('absolute');
  expect(cover.background).toContain('radial-gradient');
  expect(Number.parseFloat(cover.width)).toBeCloseTo(cover.box, 0);
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the articles the server holds are there; where it holds none, a line says to reload', async ({ page }) => {
    await page.goto('/pov');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(4);
    await page.goto(islandPov);
    // Read as rendered (innerText): Playwright's own text reading skips <noscript>.
    await expect(page.getByRole('main')).toContainText(
      'The articles are not available right now. Reload the page in a moment',
      { useInnerText: true },
    );
    await expect(page.getByRole('status')).toBeHidden();
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toBeHidden();
  });
});

test('more than four articles: the last four reversed come first, then the rest in order', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await answerFeed(page, { status: 'ok', items: [1, 2, 3, 4, 5, 6].map((n) => article(n)) });
  await page.goto(islandPov);
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(6);
  expect(await articleTitles(page)).toEqual(['Essay 6', 'Essay 5', 'Essay 4', 'Essay 3', 'Essay 1', 'Essay 2']);
});

test('loading: a skeleton holds the layout while the feed is on its way', async ({ page }) => {
  // axe over a page whose placeholders pulse: 7-10 s alone on a 2-core machine, past 30 s with
  // three such tests side by side (with the placeholders as they were before, too).
  test.slow();
  await answerFeed(page, { status: 'ok', items: [article(1)] });
  const feed = await holdRequests(page, /\/api\/pov$/);
  await page.goto(islandPov);
  await feed.requested;
  await expect(page.getByRole('status').filter({ hasText: 'Loading articles' })).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toBeVisible();
  await expectNoAxeViolations(page);
  feed.release();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
});

test('HTTP failure: "Failed to fetch articles" in red, and in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await answerFeed(page, { status: 'error' }, 502);
  await page.goto(islandPov);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Failed to fetch articles');
  await expect(alert).toHaveCSS('color', 'rgb(180, 35, 24)');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  await expect.poll(() => errors.some((text) => text.includes('Failed to fetch articles'))).toBe(true);
  await expectNoAxeViolations(page);
});

test('status other than ok: the service\'s message, or "Failed to load articles" without one', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await answerFeed(page, { status: 'error', message: 'The blog feed did not answer in time.' });
  await page.goto(islandPov);
  await expect(page.getByRole('alert')).toHaveText('The blog feed did not answer in time.');

  await page.unrouteAll();
  await answerFeed(page, { status: 'error' });
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Failed to load articles');
});

test('a failed load offers "Try again": the loading state at once, then the articles, focus kept in their region', async ({
  page,
}) => {
  // Registered first: what answers the retry once it is let through.
  await answerFeed(page, FOUR_ARTICLES);
  // Then the gate, which sees only what the failing answer below lets through: the retry.
  const retried = await holdRequests(page, /\/api\/pov$/);
  await answerFeedInTurn(page, { status: 503, body: { status: 'error' } });
  await page.goto(islandPov);
  // The alert holds the spec's message alone; the button stands outside it.
  await expect(page.getByRole('alert')).toHaveText('Failed to fetch articles');
  await expect(tryAgain(page)).toBeVisible();
  await expect(page.getByRole('alert').getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await tryAgain(page).click();
  await retried.requested;
  await expect(page.getByRole('status').filter({ hasText: 'Loading articles' })).toBeAttached();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(tryAgain(page)).toHaveCount(0);
  // Each placeholder card pulses as two blocks, not line by line: every running animation is an
  // element restyled in each frame, the tap's own frame included.
  const placeholders = await articlesRegion(page).evaluate((region) => ({
    cards: region.querySelectorAll('[aria-busy="true"] [aria-hidden="true"]').length,
    animations: region.getAnimations({ subtree: true }).length,
  }));
  expect(placeholders.cards).toBeGreaterThan(0);
  expect(placeholders.animations).toBeLessThanOrEqual(2 * placeholders.cards);
  // The button went with the error; focus went to the region that holds the list, not to <body>.
  await expect(articlesRegion(page)).toBeFocused();
  retried.release();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(4);
  await expect(articlesRegion(page)).toBeFocused();
});

test('"Try again" by keyboard: a retry that fails shows the error and the button again; the next one loads', async ({
  page,
}) => {
  await answerFeed(page, FOUR_ARTICLES);
  await answerFeedInTurn(
    page,
    { status: 502, body: { status: 'error' } },
    { status: 200, body: { status: 'error', message: 'The blog feed did not answer in time.' } },
  );
  await page.goto(islandPov);
  await expect(page.getByRole('alert')).toHaveText('Failed to fetch articles');
  // From the message, Tab reaches the button, and its focus ring shows.
  await page.getByRole('alert').click();
  await page.keyboard.press('Tab');
  await expect(tryAgain(page)).toBeFocused();
  await expect(tryAgain(page)).toHaveCSS('outline-style', 'solid');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('The blog feed did not answer in time.');
  await expect(tryAgain(page)).toBeVisible();
  await expect(articlesRegion(page)).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Tab');
  await expect(tryAgain(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(articlesRegion(page)).toBeFocused();
});

test('empty feed: "No articles found."', async ({ page }) => {
  await answerFeed(page, { status: 'ok', items: [] });
  await page.goto(islandPov);
  await expect(page.getByText('No articles found.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('articles without an image get a placeholder of the same size; images never shift the grid', async ({ page }) => {
  await answerFeed(page, { status: 'ok', items: [article(1), article(2, '/favicon.svg')] });
  await page.goto(islandPov);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  const boxes = await cards.evaluateAll((nodes) =>
    nodes.map((node) => (node.firstElementChild as HTMLElement).getBoundingClientRect().height),
  );
  expect(boxes[0]).toBeGreaterThan(100);
  expect(Math.abs(boxes[0]! - boxes[1]!)).toBeLessThan(1);
  // Two items are shown reversed, so the one with an image comes first.
  await expect(cards.nth(0).locator('img')).toHaveAttribute('src', '/favicon.svg');
  await expect(cards.nth(1).locator('img')).toHaveCount(0);
});
