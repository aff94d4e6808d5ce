import { expect, test } from '@playwright/test';
import { programRoutes, site } from '../support/site.ts';
import { setInWebFont, waitForFont, waitForSettled } from '../support/settle.ts';

test('home page shows the six sections in order with their anchors', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Humanwise/);
  const main = page.getByRole('main');
  const headings = main.getByRole('heading', { level: 2 });
  const titles = await headings.allTextContents();
  const order = ['Find Your Path to the Future', 'Trusted by Leading Organizations', 'Design Wisely. Lead Boldly.'];
  const positions = order.map((title) => titles.indexOf(title));
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(titles.length).toBeGreaterThanOrEqual(5);

  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  for (const id of ['approach', 'find-your-path', 'apply']) await expect(page.locator(`#${id}`)).toHaveCount(1);
  for (const pillar of [
    'Human-centered Design',
    'Service Systems Orchestration',
    'AI Strategy',
    'Agentic AI Development',
  ]) {
    await expect(page.locator('#approach').getByRole('heading', { name: pillar })).toBeVisible();
  }
  const apply = page.locator('#apply');
  await expect(apply.getByText('Limited spots available for select leaders')).toBeVisible();
  await expect(apply.getByText('Places offered by application')).toBeVisible();
  await expect(apply.getByRole('link', { name: /Schedule a Discovery Call/ })).toHaveAttribute('href', site.bookingUrl);
  // Clients as the case studies describe them, in legible text: two per row on phones, three on wider screens.
  const clients = main.getByRole('region', { name: 'Trusted by Leading Organizations' }).getByRole('listitem');
  await expect(clients).toHaveCount(6);
  await expect(clients.first()).toContainText('A global automaker');
  const tops = await clients.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(test.info().project.name === 'mobile' ? 3 : 2);
  for (const item of await clients.all()) {
    const size = await item
      .locator('span', { hasText: /^A / })
      .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
  }
});

test('hero buttons: discovery call opens the booking page in a new tab, Explore jumps to the programs', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.locator('section').first();
  const call = hero.getByRole('link', { name: /Schedule a Discovery Call/ });
  await expect(call).toHaveAttribute('href', site.bookingUrl);
  await expect(call).toHaveAttribute('target', '_blank');
  await expect(call).toHaveAttribute('rel', 'noopener noreferrer');
  await hero.getByRole('link', { name: 'Explore Our Programs' }).click();
  await expect(page).toHaveURL(/#find-your-path$/);
  await expect(page.getByRole('heading', { name: 'Find Your Path to the Future' })).toBeInViewport();
});

test('three program cards with size band, three highlights and a link to each program', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#find-your-path');
  const cards = section.getByRole('article');
  await expect(cards).toHaveCount(3);
  const expectations = [
    { title: 'Small Business Innovation Program', band: '10-100 employees', href: programRoutes[0]!.href },
    { title: 'Middle Market Innovation Program', band: '100-1,000 employees', href: programRoutes[1]!.href },
    { title: 'Corporate CX & Innovation Program', band: '1,000+ employees', href: programRoutes[2]!.href },
  ];
  for (const [index, expected] of expectations.entries()) {
    const card = cards.nth(index);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('heading', { name: expected.title })).toBeVisible();
    await expect(card.getByText(expected.band)).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card.getByRole('link', { name: 'Explore This Path' })).toHaveAttribute('href', expected.href);
  }
});

test('program cards reveal with a 150 ms stagger, and not at all under reduced motion', async ({ page }) => {
  await page.goto('/');
  const delays = await page
    .locator('#find-your-path article')
    .evaluateAll((cards) => cards.map((card) => getComputedStyle(card).transitionDelay));
  expect(delays).toEqual(['0s', '0.15s', '0.3s']);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  const grid = page.locator('#find-your-path [data-reveal]');
  await expect(grid).not.toHaveAttribute('data-reveal', 'pending');
  await expect(page.locator('#find-your-path article').first()).toHaveCSS('opacity', '1');
});

// axe: tests/e2e/every-page.spec.ts, on every route.
test('home page ships no React', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.locator('#find-your-path').scrollIntoViewIfNeeded();
  await waitForSettled(page); // the program cards' reveal has run its course
  expect(scripts.length).toBeLessThanOrEqual(2);
  expect(await page.locator('astro-island').count()).toBe(0);
});

test.describe('the closing call to action on a 320 px phone', { tag: '@one-viewport' }, () => {
  test.use({ viewport: { width: 320, height: 720 } });

  test('the button stays inside the page margins and each spark sits beside its note', async ({ page }) => {
    await setInWebFont(page);
    await page.goto('/');
    await waitForFont(page);
    const apply = page.locator('#apply');
    await apply.scrollIntoViewIfNeeded();
    // Was one line, 305 px wide, 7.5 px from each edge of the screen.
    const call = (await apply.getByRole('link', { name: /Schedule a Discovery Call/ }).boundingBox())!;
    const margin = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.querySelector('#apply > *')!).paddingLeft),
    );
    expect(margin).toBe(20);
    expect(call.x).toBeGreaterThanOrEqual(margin - 0.5);
    expect(call.x + call.width).toBeLessThanOrEqual(320 - margin + 0.5);
    expect(call.height).toBeGreaterThanOrEqual(44);

    for (const text of ['Limited spots available for select leaders', 'Places offered by application']) {
      const note = apply.getByRole('listitem').filter({ hasText: text });
      // The gap between the icon and the first line of the note's words (was 36 px for a note that wraps).
      const gap = await note.evaluate((item) => {
        const icon = item.querySelector('svg')!.getBoundingClientRect();
        const words = [...item.childNodes].find(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        )!;
        const range = document.createRange();
        range.selectNodeContents(words);
        const firstLine = [...range.getClientRects()].find((rect) => rect.width > 0)!;
        const sameLine = icon.bottom > firstLine.top && icon.top < firstLine.bottom;
        return sameLine ? firstLine.left - icon.right : Number.POSITIVE_INFINITY;
      });
      expect(gap, text).toBeGreaterThanOrEqual(0);
      expect(gap, text).toBeLessThanOrEqual(12);
    }
  });
});
