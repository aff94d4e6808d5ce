import { expect, test } from '@playwright/test';
import { readContent } from '../support/content.ts';
import { bookingLink, linksIn } from '../support/links.ts';
import { site } from '../support/site.ts';

const about = readContent('pages/about.json');
const cie = readContent('pages/cie.json');
const titles = (items: { title: string }[]) => items.map((item) => item.title);

test.describe('/about', () => {
  test('mission, expertise, roles, approach, quests and reasons, in that order', async ({ page }) => {
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${about.seo.title} | Humanwise`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', about.seo.description);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(about.hero.title);
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      about.mission.title,
      about.expertise.title,
      about.roles.title,
      about.approach.title,
      about.quests.title,
      about.reasons.title,
      about.cta.headline,
    ]);

    const mission = main.getByRole('region', { name: about.mission.title });
    await expect(mission).toContainText('co-create future products, services and experiences');

    const section = (name: string) => main.getByRole('region', { name }).getByRole('heading', { level: 3 });
    await expect(section(about.expertise.title)).toHaveText(titles(about.expertise.areas));
    await expect(section(about.expertise.title)).toHaveCount(6);
    await expect(section(about.roles.title)).toHaveText(['Mentor', 'Special Forces', 'Thought Partner']);
    await expect(section(about.approach.title)).toHaveText([
      'Futures',
      'Service',
      'Business',
      'Design',
      'Technology',
      'Data',
    ]);
    await expect(section(about.quests.title)).toHaveText(titles(about.quests.items));
    await expect(section(about.quests.title)).toHaveCount(4);
    await expect(section(about.reasons.title)).toHaveText(titles(about.reasons.items));
    await expect(section(about.reasons.title)).toHaveCount(4);
    for (const role of about.roles.items) await expect(main.getByText(role.subtitle)).toBeVisible();
  });

  test('its one link books a discovery call in a new tab', async ({ page }) => {
    await page.goto('/about');
    expect(await linksIn(page.getByRole('main'))).toEqual([bookingLink('Schedule a Discovery Call', site.bookingUrl)]);
  });

  // axe: tests/e2e/every-page.spec.ts, on every route.
  test('ships no islands', async ({ page }) => {
    await page.goto('/about');
    // Content pages are plain HTML: no island to download.
    await expect(page.locator('astro-island')).toHaveCount(0);
  });
});

test.describe('/cie', () => {
  const components = [
    'opportunity-radar',
    'priority-pipeline',
    'co-creation-sandbox',
    'validation-engine',
    'culture-code',
    'command-center',
  ].map((slug) => readContent(`cie-components/${slug}.json`));

  test("six components, each with purpose, with-it and without-it outcomes and a quote by its real author or the firm's principle", async ({
    page,
  }) => {
    const response = await page.goto('/cie');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${cie.seo.title} | Humanwise`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(cie.hero.title);

    const cards = main.getByRole('region', { name: cie.componentsIntro.title }).getByRole('article');
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
      'Opportunity Radar',
      'Priority Pipeline',
      'Co-creation Sandbox',
      'Validation Engine',
      'Culture Code',
      'Command Center',
    ]);
    for (const [index, component] of components.entries()) {
      const card = cards.nth(index);
      await expect(card.getByText(component.purpose)).toBeVisible();
      await expect(card.getByRole('list', { name: 'With it', exact: true }).getByRole('listitem')).toHaveText(
        component.withIt,
      );
      await expect(card.getByRole('list', { name: 'Without it', exact: true }).getByRole('listitem')).toHaveText(
        component.withoutIt,
      );
      if (component.quote) {
        // Quotations come from their real public authors only.
        const quote = card.getByRole('figure');
        await expect(quote.getByRole('blockquote')).toHaveText(`“${component.quote}”`);
        await expect(quote.locator('figcaption')).toHaveText(component.quoteAttribution);
        expect(component.quoteAttribution).not.toContain('Humanwise');
      } else {
        // The firm's own line is its principle: unsigned, and not dressed as a quotation.
        await expect(card.getByRole('figure')).toHaveCount(0);
        await expect(card.getByText('Our principle')).toBeVisible();
        await expect(card.getByText(component.principle, { exact: true })).toBeVisible();
      }
    }
  });

  test('old way and new way side by side in a table with column headers', async ({ page }) => {
    await page.goto('/cie');
    const table = page.getByRole('table', { name: cie.comparison.title });
    await expect(table.getByRole('columnheader')).toHaveText([cie.comparison.oldWayTitle, cie.comparison.newWayTitle]);
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(cie.comparison.rows.length + 1);
    for (const [index, row] of cie.comparison.rows.entries()) {
      await expect(rows.nth(index + 1).getByRole('cell')).toHaveText([row.oldWay, row.newWay]);
    }
  });

  test('the digital hub is a "Coming Soon" teaser, and the page ends with a discovery call in a new tab', async ({
    page,
  }) => {
    await page.goto('/cie');
    const hub = page.getByRole('region', { name: cie.hub.title });
    await expect(hub.getByText('Coming Soon', { exact: true })).toBeVisible();
    await expect(hub.getByRole('listitem')).toHaveText(cie.hub.features);
    await expect(page.getByRole('region', { name: cie.cta.headline }).getByText(cie.cta.subtext)).toBeVisible();
    expect(await linksIn(page.getByRole('main'))).toEqual([bookingLink('Schedule a Discovery Call', site.bookingUrl)]);
  });

  test('ships no islands', async ({ page }) => {
    await page.goto('/cie');
    // Content pages are plain HTML: no island to download.
    await expect(page.locator('astro-island')).toHaveCount(0);
  });
});
