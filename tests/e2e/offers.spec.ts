import { expect, test } from '@playwright/test';
import { readContent } from '../support/content.ts';
import { bookingLink, internalLink, linksIn, structuredData } from '../support/links.ts';
import { site } from '../support/site.ts';

/** The figures the spec fixes for each offer; the page must show exactly these. */
const offers = [
  {
    slug: 'ai-advantage-lab',
    name: 'AI Advantage Lab',
    program: 'opportunity-mapping',
    weeks: ['Weeks 1-2', 'Weeks 3-5', 'Weeks 6-8'],
    duration: '8 weeks',
    guaranteeDays: 60,
    claim: '5-10 hours',
  },
  {
    slug: 'ai-systems-accelerator',
    name: 'AI Systems Integration and Team Enablement Accelerator',
    program: 'ripple-effect',
    weeks: ['Weeks 1-3', 'Weeks 4-8', 'Weeks 9-12'],
    duration: '12 weeks',
    guaranteeDays: 90,
    claim: '15-25%',
  },
  {
    slug: 'ai-experience-orchestration',
    name: 'AI Experience Orchestration Program',
    program: 'orchestration',
    weeks: ['Weeks 1-3', 'Weeks 4-8', 'Weeks 9-12'],
    duration: '12 weeks',
    guaranteeDays: 30,
    claim: '30 days',
  },
];

for (const offer of offers) {
  const content = readContent(`offers/${offer.slug}.json`);
  const program = readContent(`programs/${offer.program}.json`);

  test(`/offer/${offer.slug} shows its phases, outcomes, reasons, guarantee and testimonial`, async ({ page }) => {
    const response = await page.goto(`/offer/${offer.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${content.seo.title} | Humanwise`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', content.seo.description);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(offer.name);
    await expect(main.getByText(program.title, { exact: true })).toBeVisible();
    await expect(main.getByText(content.tagline)).toBeVisible();
    await expect(main.getByText(content.summary)).toBeVisible();

    const glance = main.getByRole('region', { name: 'At a glance' });
    await expect(glance.getByText(offer.claim, { exact: true })).toBeVisible();

    const phases = main.getByRole('region', { name: `${offer.duration.split(' ')[0]} weeks in 3 phases` });
    const phaseItems = phases.getByRole('list').first().locator('> li');
    await expect(phaseItems).toHaveCount(3);
    for (const [index, weeks] of offer.weeks.entries()) {
      await expect(phaseItems.nth(index)).toContainText(weeks);
      await expect(phaseItems.nth(index).getByRole('heading', { level: 3 })).toHaveText(content.phases[index].title);
      await expect(phaseItems.nth(index).getByRole('listitem')).toHaveCount(content.phases[index].activities.length);
    }

    const achievements = main.getByRole('region', { name: content.achievements.title });
    await expect(achievements.getByRole('listitem')).toHaveCount(content.achievements.items.length);

    const why = main.getByRole('region', { name: content.whyItWorks.title });
    await expect(why.getByRole('heading', { level: 3 })).toHaveText(
      content.whyItWorks.points.map((p: { title: string }) => p.title),
    );

    const guarantee = main.getByRole('region', { name: content.guarantee.title });
    await expect(guarantee.getByText(`${offer.guaranteeDays}-day guarantee`)).toBeVisible();
    await expect(guarantee.getByText(content.guarantee.description)).toBeVisible();

    const testimonial = main.getByRole('figure');
    await expect(testimonial.getByRole('blockquote')).toContainText(content.testimonial.quote);
    await expect(testimonial.locator('figcaption')).toHaveText(content.testimonial.attribution);

    await expect(main.getByRole('region', { name: content.cta.headline }).getByText(content.cta.subtext)).toBeVisible();
  });

  test(`/offer/${offer.slug} links: back to its program, booking in a new tab, waiting list`, async ({ page }) => {
    await page.goto(`/offer/${offer.slug}`);
    expect(await linksIn(page.getByRole('main'))).toEqual([
      internalLink(`Back to ${program.title}`, `/program/${offer.program}`),
      bookingLink('Book a Discovery Call', site.bookingUrl),
      bookingLink('Book a Discovery Call', site.bookingUrl),
      internalLink('Join the Waiting List', `/waitlist?program=${offer.program}`),
    ]);
    expect(await structuredData(page)).toContainEqual(
      expect.objectContaining({ '@type': 'Service', name: offer.name }),
    );
  });

  // axe: tests/e2e/every-page.spec.ts, on every route.
  test(`/offer/${offer.slug} ships no islands`, async ({ page }) => {
    await page.goto(`/offer/${offer.slug}`);
    // Content pages are plain HTML: no island to download.
    await expect(page.locator('astro-island')).toHaveCount(0);
  });
}

test('the back link returns to the program page', async ({ page }) => {
  await page.goto('/offer/ai-systems-accelerator');
  await page.getByRole('link', { name: /^Back to / }).click();
  await expect(page).toHaveURL(/\/program\/ripple-effect$/);
  // The program's name, then its offer as a descriptor.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(readContent('programs/ripple-effect.json').title);
});

test('the AI Advantage Lab reads 8 weeks everywhere, never "6-8 weeks"', async ({ page }) => {
  await page.goto('/offer/ai-advantage-lab');
  await expect(page.getByRole('main')).not.toContainText('6-8 weeks');
  await expect(page.getByRole('main').getByText('8 weeks', { exact: true })).toBeVisible();
});

test('an unknown offer answers the ordinary 404', async ({ page }) => {
  const response = await page.goto('/offer/not-an-offer');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
});
