import { expect, test } from '@playwright/test';
import { internalLink, linksIn } from '../support/links.ts';
import { site } from '../support/site.ts';

/** Today as the server counts it (UTC), in both the machine and the visitor's form. */
function today() {
  const now = new Date();
  const label = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(now);
  return { iso: now.toISOString().slice(0, 10), label };
}

const mailto = { name: site.contactEmail, href: `mailto:${site.contactEmail}`, newTab: false };

const pages = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    sections: [
      'What we collect',
      'Why we use your data',
      'How long we keep it',
      'Who processes your data',
      'Your rights',
      'How to contact us',
    ],
    links: [mailto],
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    sections: ['Using this website', 'Programs and the waiting list', 'Limitation of liability', 'Contact'],
    links: [internalLink('Privacy Policy', '/privacy-policy'), mailto],
  },
];

for (const legal of pages) {
  test(`${legal.path} shows today's date as "Last updated", rendered per request`, async ({ page }) => {
    const response = await page.goto(legal.path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toMatch(/no-(cache|store)/);
    await expect(page).toHaveTitle(`${legal.title} | Humanwise`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(legal.title);
    const { iso, label } = today();
    await expect(main.getByText(`Last updated: ${label}`)).toBeVisible();
    await expect(main.locator('time')).toHaveAttribute('datetime', iso);
  });

  test(`${legal.path} has its sections, its links and no leftover placeholders`, async ({ page }) => {
    await page.goto(legal.path);
    const main = page.getByRole('main');
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    for (const section of legal.sections) expect(headings).toContain(section);
    // The tokens and markers of the Markdown (%contact email%, %if analytics%...) never reach the page.
    await expect(main).not.toContainText(/%[a-z ]+%/);
    expect(await linksIn(main)).toEqual(legal.links);
  });

  // axe: tests/e2e/every-page.spec.ts, on every route.
  test(`${legal.path} ships no islands`, async ({ page }) => {
    await page.goto(legal.path);
    // Content pages are plain HTML: no island to download.
    await expect(page.locator('astro-island')).toHaveCount(0);
  });
}

test('the privacy policy names the contact address for privacy requests as a mailto link', async ({ page }) => {
  await page.goto('/privacy-policy');
  const contact = page.getByRole('main').getByRole('link', { name: site.contactEmail });
  await expect(contact).toHaveAttribute('href', `mailto:${site.contactEmail}`);
  await expect(contact.locator('xpath=ancestor::p[1]')).toContainText('To exercise any of your rights');
});
