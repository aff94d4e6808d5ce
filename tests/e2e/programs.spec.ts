import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { readContent } from '../support/content.ts';
import { internalLink, linksIn, structuredData } from '../support/links.ts';
import { gotoWithIslandRuntimeHeld, holdRequests, ISLAND_RUNTIME_URL } from '../support/request-gate.ts';

const programs = [
  { slug: 'opportunity-mapping', band: '10-100 employees', offer: 'ai-advantage-lab', offerName: 'AI Advantage Lab' },
  {
    slug: 'ripple-effect',
    band: '100-1,000 employees',
    offer: 'ai-systems-accelerator',
    offerName: 'AI Systems Integration and Team Enablement Accelerator',
  },
  {
    slug: 'orchestration',
    band: '1,000+ employees',
    offer: 'ai-experience-orchestration',
    offerName: 'AI Experience Orchestration Program',
  },
];

for (const program of programs) {
  const content = readContent(`programs/${program.slug}.json`);

  test(`/program/${program.slug} shows hero, challenge, value, is/is-not and closing sections`, async ({ page }) => {
    const response = await page.goto(`/program/${program.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${content.seo.title} | Humanwise`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', content.seo.description);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${content.seo.title} | Humanwise`,
    );

    const main = page.getByRole('main');
    // The program's name, then the offer it leads to: the same pair on its home card.
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(`${content.title} · ${program.offerName}`);
    await expect(main.getByText(content.tagline)).toBeVisible();
    await expect(main.getByText(program.band).first()).toBeVisible();

    const challenge = main.getByRole('region', { name: content.pain.title });
    await expect(challenge.getByText('The Challenge')).toBeVisible();
    await expect(challenge.getByRole('listitem')).toHaveCount(content.pain.points.length);
    await expect(challenge.getByRole('listitem').first()).toHaveText(content.pain.points[0]);

    const value = main.getByRole('region', { name: content.value.title });
    await expect(value.getByText(content.value.description)).toBeVisible();
    await expect(value.getByRole('heading', { name: 'Your team will:' })).toBeVisible();
    await expect(value.getByRole('list', { name: 'Your team will:' }).getByRole('listitem')).toHaveCount(
      content.value.outcomes.length,
    );

    const clarity = main.getByRole('region', { name: 'What This Program Is (and Is Not)' });
    await expect(clarity.getByRole('heading', { level: 3 })).toHaveText([
      content.clarity.isTitle,
      content.clarity.isNotTitle,
    ]);
    await expect(
      clarity.getByRole('list', { name: content.clarity.isTitle, exact: true }).getByRole('listitem'),
    ).toHaveCount(content.clarity.isFor.length);
    await expect(
      clarity.getByRole('list', { name: content.clarity.isNotTitle, exact: true }).getByRole('listitem'),
    ).toHaveCount(content.clarity.isNotFor.length);

    const closing = main.getByRole('region', { name: content.cta.headline });
    await expect(closing.getByText(content.cta.subtext)).toBeVisible();
    await expect(closing.getByText(content.cta.note)).toBeVisible();

    // Section order as the spec lists it.
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      content.pain.title,
      content.value.title,
      'What This Program Is (and Is Not)',
      content.cta.headline,
    ]);
  });

  test(`/program/${program.slug} links: waiting list twice, the offer, and the discovery-call application`, {
    tag: '@one-viewport',
  }, async ({ page }) => {
    await page.goto(`/program/${program.slug}`);
    const waitlist = `/waitlist?program=${program.slug}`;
    expect(await linksIn(page.getByRole('main'))).toEqual([
      internalLink('Join the Waiting List', waitlist),
      internalLink(`See the offer (${program.offerName})`, `/offer/${program.offer}`),
      internalLink('Join the Waiting List', waitlist),
      internalLink('Apply for Discovery Call', '/#apply'),
    ]);
    const data = await structuredData(page);
    expect(data).toContainEqual(
      expect.objectContaining({
        '@type': 'Service',
        name: content.title,
        provider: expect.objectContaining({ '@type': 'Organization' }),
      }),
    );
  });
}

test('Join the Waiting List opens the waiting-list dialog for this program, and Escape closes it', async ({ page }) => {
  await page.goto('/program/ripple-effect');
  const join = page.getByRole('link', { name: 'Join the Waiting List' }).first();
  await join.click();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await expect(dialog).toBeVisible();
  await expect(join).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(page).toHaveURL(/\/program\/ripple-effect$/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('nothing of the wizard loads before the page has, and a Join click made while it loads still opens the dialog', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // The wizard is fetched when the visitor acts or once the page is loaded and idle (so the first
  // tap does not wait for it), never before the load event.
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  const wizardRequests: { url: string; afterLoad: boolean }[] = [];
  page.on('request', (request) => {
    if (/WaitlistWizard/.test(request.url())) wizardRequests.push({ url: request.url(), afterLoad: loaded });
  });
  // Hold the island's module, as a slow phone connection would, until the visitor has clicked.
  const wizard = await holdRequests(page, /WaitlistWizard[^/]*\.js$/);
  await page.goto('/program/orchestration');
  expect(
    wizardRequests.filter((request) => !request.afterLoad),
    'nothing of the wizard before the page has loaded',
  ).toEqual([]);

  await wizard.requested;
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  wizard.release();
  await expect(page.getByRole('dialog', { name: 'Join the Waiting List' })).toBeVisible();
  await expect(page).toHaveURL(/\/program\/orchestration$/);
  expect(wizardRequests, 'the wizard is fetched once').toHaveLength(1);
});

test('a Join click before the island runtime has arrived still opens the wizard on the page', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const runtime = await gotoWithIslandRuntimeHeld(page, '/program/orchestration');
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  runtime.release();
  await expect(page.getByRole('dialog', { name: 'Join the Waiting List' })).toBeVisible();
  await expect(page).toHaveURL(/\/program\/orchestration$/);
});

test('if the wizard cannot load, Join still leads to the waiting-list page for this program', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // Astro retries a failed island import once (with ?astro-retry=…); fail that too.
  await page.route(/WaitlistWizard[^/]*\.js(\?.*)?$/, (route) => route.abort());
  await page.goto('/program/ripple-effect');
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  await expect(page).toHaveURL(/\/waitlist\?program=ripple-effect$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('if the island runtime cannot be fetched, a Join click held for it goes on to the waiting-list page', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // Astro's island runtime, fetched after the first paint (src/browser/deferred-scripts.ts): held
  // until the click is made, then refused.
  await page.route(ISLAND_RUNTIME_URL, (route) => route.abort('internetdisconnected'));
  const runtime = await gotoWithIslandRuntimeHeld(page, '/program/ripple-effect');
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  runtime.release();
  await expect(page).toHaveURL(/\/waitlist\?program=ripple-effect$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Waiting List' })).toBeVisible();
});

test('once the island runtime has failed to arrive, Join is an ordinary link to the waiting-list page', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await page.route(ISLAND_RUNTIME_URL, (route) => route.abort('internetdisconnected'));
  const refused = page.waitForEvent('requestfailed', (request) => ISLAND_RUNTIME_URL.test(request.url()));
  await page.goto('/program/orchestration');
  await refused;
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  await expect(page).toHaveURL(/\/waitlist\?program=orchestration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Waiting List' })).toBeVisible();
});

test('the offer link leads to the offer page, and Apply for Discovery Call to the home page application', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await page.goto('/program/opportunity-mapping');
  await page.getByRole('link', { name: 'See the offer (AI Advantage Lab)' }).click();
  await expect(page).toHaveURL(/\/offer\/ai-advantage-lab$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Advantage Lab' })).toBeVisible();

  await page.goto('/program/opportunity-mapping');
  await page.getByRole('link', { name: 'Apply for Discovery Call' }).click();
  await expect(page).toHaveURL(/\/#apply$/);
  await expect(page.locator('#apply')).toBeInViewport();
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('Join the Waiting List goes to the plain form, with the program kept', async ({ page }) => {
    await page.goto('/program/orchestration');
    await page.getByRole('link', { name: 'Join the Waiting List' }).last().click();
    await expect(page).toHaveURL(/\/waitlist\?program=orchestration$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Waiting List' })).toBeVisible();
  });
});

test.describe('unknown program', { tag: '@one-viewport' }, () => {
  for (const path of ['/program/not-a-program', '/program/orchestration/extra', '/program']) {
    test(`${path} answers 404 with "Program Not Found"`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('Program Not Found | Humanwise');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Program Not Found');
      expect(await linksIn(page.getByRole('main'))).toEqual([internalLink('Return Home', '/')]);
    });
  }

  // axe on this page: tests/e2e/every-page.spec.ts (/program/no-such-program).
  test('Return Home goes home', async ({ page }) => {
    await page.goto('/program/nope');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#find-your-path')).toHaveCount(1);
  });
});
