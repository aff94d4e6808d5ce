import { expect, test } from '@playwright/test';
import { readContent } from '../support/content.ts';
import { bookingLink, internalLink, linksIn } from '../support/links.ts';
import { site } from '../support/site.ts';

const page$ = readContent('pages/solutions.json');
const solutions = [
  'custom-agent-development',
  'rapid-experiments-lab',
  'ai-integration-pilots',
  'continuous-innovation-ecosystem',
].map((slug) => readContent(`solutions/${slug}.json`));

test('four solution cards in order, each with icon, headline, description, more detail, "Ideal for" and image', async ({
  page,
}) => {
  const response = await page.goto('/solutions');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${page$.seo.title} | Humanwise`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', page$.seo.description);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(page$.hero.title);
  const cards = main.getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(main.getByRole('article').getByRole('heading', { level: 2 })).toHaveText([
    'Custom Agent Development',
    'Rapid Experiments Lab',
    'AI Integration Pilots',
    'Continuous Innovation Ecosystem',
  ]);
  for (const [index, solution] of solutions.entries()) {
    const card = cards.nth(index);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText(solution.headline)).toBeVisible();
    await expect(card.getByText(solution.description)).toBeVisible();
    await expect(card.getByText(solution.additionalInfo)).toBeVisible();
    await expect(card.getByText(`Ideal for: ${solution.idealFor}`)).toBeVisible();
    await expect(card.locator('svg[aria-hidden="true"]').first()).toBeVisible();
    const image = card.locator('img');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('alt', solution.imageAlt);
    // Card art is lazy: it loads once the card nears the viewport.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test('only the Continuous Innovation Ecosystem is marked Coming Soon, and it links to /cie', async ({ page }) => {
  await page.goto('/solutions');
  const main = page.getByRole('main');
  await expect(main.getByText('Coming Soon', { exact: true })).toHaveCount(1);
  const cie = main.getByRole('article', { name: 'Continuous Innovation Ecosystem' });
  await expect(cie.getByText('Coming Soon', { exact: true })).toBeVisible();
  await cie.getByRole('link', { name: 'Explore the Continuous Innovation Ecosystem' }).click();
  await expect(page).toHaveURL(/\/cie$/);
});

test('links: the ecosystem page and the closing discovery call in a new tab', async ({ page }) => {
  await page.goto('/solutions');
  expect(await linksIn(page.getByRole('main'))).toEqual([
    internalLink('Explore the Continuous Innovation Ecosystem', '/cie'),
    bookingLink('Book a Discovery Call', site.bookingUrl),
  ]);
  await expect(page.getByRole('region', { name: page$.cta.headline }).getByText(page$.cta.subtext)).toBeVisible();
});

// axe: tests/e2e/every-page.spec.ts, on every route.
test('/solutions ships no islands', async ({ page }) => {
  await page.goto('/solutions');
  // Content pages are plain HTML: no island to download.
  await expect(page.locator('astro-island')).toHaveCount(0);
});
