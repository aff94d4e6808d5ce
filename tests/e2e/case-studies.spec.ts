import { expect, test, type Page } from '@playwright/test';
import { readCaseStudies } from '../support/case-studies.ts';
import { site } from '../support/site.ts';

const studies = readCaseStudies();
const sections = ['Challenge', 'Approach', 'Deliverables', 'Impact'];

const main = (page: Page) => page.getByRole('main');

for (const study of studies) {
  // axe: tests/e2e/every-page.spec.ts, on every route.
  test(`/case-study/${study.name}: hero, facts, four sections, Back to Results, JSON-LD`, async ({
    page,
    viewport,
  }) => {
    // On a phone the first study stands for the template the 20 share (as in every-page.spec.ts):
    // what only the width changes is the layout; each study's own content is checked at 1280 px.
    test.skip(
      (viewport?.width ?? 0) < 1024 && study !== studies[0],
      `on a phone, ${studies[0]?.name} stands for the template`,
    );
    const response = await page.goto(`/case-study/${study.name}`);
    expect(response?.status()).toBe(200);
    // The short name is added unless the title would pass 70 characters (src/lib/seo.ts).
    const branded = `${study.data.seo.title} | ${site.shortName}`;
    await expect(page).toHaveTitle(branded.length > 70 ? study.data.seo.title : branded);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', study.data.seo.description);

    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(study.data.title);
    const hero = page.getByRole('img', { name: study.data.imageAlt });
    await expect(hero).toBeVisible();
    await expect(hero).toHaveAttribute('width', '1200');
    await expect(hero).toHaveAttribute('height', '800');
    await expect(main(page).getByText(study.data.category, { exact: true }).first()).toBeVisible();

    const facts = main(page).locator('dl');
    await expect(facts.getByText(study.data.client, { exact: true })).toBeVisible();
    await expect(facts.getByText(study.data.industry, { exact: true })).toBeVisible();
    if (study.data.duration) await expect(facts.getByText(study.data.duration, { exact: true })).toBeVisible();
    for (const highlight of study.data.highlights ?? []) {
      await expect(main(page).getByText(highlight.label, { exact: true })).toBeVisible();
    }

    const headings = await main(page).getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.filter((heading) => sections.includes(heading))).toEqual(sections);

    const back = main(page).getByRole('link', { name: 'Back to Results' });
    await expect(back.first()).toBeVisible();
    for (const href of await back.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toBe('/results');
    }

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: study.data.title,
      description: study.data.description,
      url: `${site.siteUrl}/case-study/${study.name}`,
      author: { '@type': 'Organization', name: site.companyName },
      publisher: { '@type': 'Organization', name: site.companyName },
    });
    // The study's own artwork (src/assets/art/case-studies/<name>/image.svg), the one the page shows.
    expect(jsonLd.image).toMatch(new RegExp(`^${site.siteUrl}/_astro/image\\.[\\w-]+\\.svg$`));
    expect(await page.content()).toContain(new URL(jsonLd.image).pathname);
  });
}

/** The figures the spec asks each of these studies to state exactly. */
const specFacts: Record<string, string[]> = {
  'mobile-health-teens': [
    '3-month',
    '14 to 20',
    'Type 1 Diabetes',
    'Cystic Fibrosis',
    'ADHD',
    'Epilepsy',
    '100% caregiver',
    '50% teen',
  ],
  'associate-tech-experience': [
    '40 interviews',
    '3 sprints',
    '16 moments that matter',
    'top 10 jobs to be done',
    '7 key insights',
  ],
  cdp: ['three driver profiles', 'ten design principles', '$1,000 to $3,000'],
  'roche-lungflag': ['two collaboration sessions', 'eight stakeholder groups', 'eight 1:1 interviews'],
};

for (const [name, facts] of Object.entries(specFacts)) {
  test(`/case-study/${name} states the spec's figures`, async ({ page }) => {
    await page.goto(`/case-study/${name}`);
    // biome-ignore lint/performance/useDomNodeTextContent: the figures a visitor sees, as rendered
    const text = (await main(page).innerText()).replace(/\s+/g, ' ');
    for (const fact of facts) expect(text, fact).toContain(fact);
  });
}

test('the studies the spec describes are the ones the decisions assign', async ({ page }) => {
  const subjects: Record<string, RegExp> = {
    'roche-rpm': /remote patient monitoring/i,
    'ford-av': /autonomous/i,
    stella: /assessment/i,
    'hybrid-meetings': /hybrid meeting/i,
    'roche-lungflag': /pre-cancer screening algorithm/i,
  };
  for (const [name, subject] of Object.entries(subjects)) {
    await page.goto(`/case-study/${name}`);
    await expect(main(page)).toContainText(subject);
  }
});

test('Back to Results returns to the list', async ({ page }) => {
  await page.goto('/case-study/cdp');
  await main(page).getByRole('link', { name: 'Back to Results' }).first().click();
  await expect(page).toHaveURL(/\/results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Results' })).toBeVisible();
});

test('an unknown case-study name answers the 404 page', async ({ page }) => {
  const response = await page.goto('/case-study/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
});
