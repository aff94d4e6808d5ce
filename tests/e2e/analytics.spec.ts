/**
 * Visitor analytics in the browser, against the fake Plausible/Umami on loopback that the
 * Playwright config starts (tests/support/fake-analytics.ts). What runs depends on the build:
 * - the default build (PUBLIC_ANALYTICS_PROVIDER unset): no attribute, no analytics file, and not
 *   one request to the fake, through a whole visit and a submitted waiting list;
 * - a build made with PUBLIC_ANALYTICS_PROVIDER=plausible or umami and PUBLIC_ANALYTICS_ORIGIN on
 *   the fake (npm run test:analytics does both): the page views and the funnel's events arrive in
 *   order with their props, none carries personal data, and no cookie or storage entry is set.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { chromium, expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { analyticsPort, baseURL } from '../../playwright.config.ts';
import { chromiumPath } from '../support/chromium.ts';
import { storedLeads, uniqueEmail } from '../support/leads.ts';
import { afterShownPageStarts, believePrerendered } from '../support/prerender.ts';
import { gotoWithIslandRuntimeHeld } from '../support/request-gate.ts';

const stamp = JSON.parse(readFileSync('dist/build-stamp.json', 'utf8')) as { settings: Record<string, string> };
const provider = stamp.settings.PUBLIC_ANALYTICS_PROVIDER ?? '';
const fake = `http://127.0.0.1:${analyticsPort}`;
const PROGRAM = 'orchestration';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

async function received(): Promise<Received[]> {
  return (await (await fetch(`${fake}/__requests`)).json()) as Received[];
}

/** A context of its own, told apart at the fake by its User-Agent (other tests run at once). */
async function visitor(browser: Browser) {
  const marker = `e2e-${randomUUID()}`;
  const context = await browser.newContext({
    baseURL,
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 ${marker}`,
  });
  const page = await context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL)) outside.push(request.url());
  });
  const mine = async () => (await received()).filter((r) => r.headers['user-agent']?.includes(marker));
  return { context, page, mine, outside };
}

/** An event as the service sees it: its name (pageview for a page view), page and props. */
function eventOf({ body }: Received): { name: string; path: string; props: Record<string, string> } {
  if (provider === 'plausible') {
    return {
      name: String(body.name),
      path: new URL(String(body.url)).pathname,
      props: (body.props as Record<string, string> | undefined) ?? {},
    };
  }
  const payload = body.payload as Record<string, unknown>;
  return {
    name: String(payload.name ?? 'pageview'),
    path: String(payload.url),
    props: (payload.data as Record<string, string> | undefined) ?? {},
  };
}

async function walkWizard(page: Page, email: string): Promise<Locator> {
  await page.goto(`/program/${PROGRAM}`);
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Work email').fill(email);
  await dialog.getByLabel('Company name').fill('Analytical Engines');
  await dialog.getByRole('radio', { name: 'Executive' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 2 of 5/)).toBeVisible();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 3 of 5/)).toBeVisible();
  await dialog.getByRole('checkbox').nth(2).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 4 of 5/)).toBeVisible();
  await dialog.getByRole('radio', { name: '$10,000–$25,000' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 5 of 5/)).toBeVisible();
  await dialog.getByLabel('Anything else we should know?').fill('Our board meets in January.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  return dialog;
}

// What is loaded and sent does not depend on the screen: these run in one project (the tag).
test.describe('with no analytics service (PUBLIC_ANALYTICS_PROVIDER unset)', { tag: '@one-viewport' }, () => {
  test.skip(provider !== '', `this build reports to ${provider}`);

  test('nothing is loaded or sent, through a whole visit and a submitted waiting list', async ({ browser }) => {
    const before = (await received()).length;
    const { context, page, outside } = await visitor(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const email = uniqueEmail('no-analytics');
    await walkWizard(page, email);
    expect(storedLeads(email)).toHaveLength(1);
    await page.goto('/results');
    await page.getByRole('group', { name: 'Filter by category' }).getByRole('button').nth(1).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-analytics-provider', /.*/);
    expect(scripts.filter((url) => /analytics/i.test(url))).toEqual([]);
    expect(outside).toEqual([]);
    expect((await received()).length).toBe(before);
    await context.close();
  });
});

test.describe('with an analytics service', { tag: '@one-viewport' }, () => {
  test.skip(provider === '', 'this build has no analytics service (see npm run test:analytics)');

  test('a program page and the wizard walked to the end: the events in order, no personal data, nothing stored', async ({
    browser,
  }) => {
    test.slow();
    const { context, page, mine, outside } = await visitor(browser);
    const email = uniqueEmail('analytics');
    const before = Date.now();
    const dialog = await walkWizard(page, email);
    await expect(dialog).toBeHidden();
    expect(storedLeads(email)).toHaveLength(1);

    const program = { program: PROGRAM };
    const expected = [
      { name: 'pageview', path: `/program/${PROGRAM}`, props: {} },
      { name: 'Waiting list opened', path: `/program/${PROGRAM}`, props: program },
      ...[1, 2, 3, 4, 5].map((step) => ({
        name: 'Waiting list step',
        path: `/program/${PROGRAM}`,
        props: { step: String(step), program: PROGRAM },
      })),
      { name: 'Waiting list submitted', path: `/program/${PROGRAM}`, props: program },
      { name: 'Waiting list stored', path: `/program/${PROGRAM}`, props: program },
    ];
    await expect.poll(async () => (await mine()).map(eventOf), { timeout: 15_000 }).toEqual(expected);

    // The server counted the stored lead too (its own User-Agent), with the program only.
    await expect
      .poll(async () =>
        (await received())
          .filter((r) => !r.headers['user-agent']?.includes('e2e-'))
          .map(eventOf)
          .some(
            (e) => e.name === 'Lead stored' && e.props.program === PROGRAM && e.path.endsWith(`/program/${PROGRAM}`),
          ),
      )
      .toBe(true);

    const sent = JSON.stringify(await mine());
    for (const personal of ['Ada Lovelace', email, 'Analytical Engines', 'Our board meets', 'Executive']) {
      expect(sent).not.toContain(personal);
    }
    // Only to the service's origin, only the events API, without credentials.
    expect(outside.every((url) => url.startsWith(fake))).toBe(true);
    for (const r of await mine()) {
      expect(r.path).toBe(provider === 'plausible' ? '/api/event' : '/api/send');
      expect(r.headers.cookie).toBeUndefined();
    }
    expect(await context.cookies()).toEqual([]);
    // Nothing in storage but the site's own flag that the web font is cached (src/browser/web-font.ts).
    const stored = await page.evaluate(() => [Object.keys(localStorage), Object.keys(sessionStorage)]);
    expect(stored[0]).toEqual([]);
    expect(stored[1]?.filter((key) => !key.includes('font'))).toEqual([]);
    expect(Date.now() - before).toBeLessThan(60_000);
    await context.close();
  });

  test('a prerendered page counts its view once shown, never before', async ({ browser }) => {
    const { context, page, mine } = await visitor(browser);
    await believePrerendered(page);
    await page.goto('/about');
    // Past the moment a shown page starts the sender: a prerendered one has not even loaded it.
    await afterShownPageStarts(page);
    await expect(page.locator('script[src*="/_astro/analytics-start"]')).toHaveCount(0);
    await page.evaluate(() => (window as unknown as { activateForTest: () => void }).activateForTest());
    await expect
      .poll(async () => (await mine()).map(eventOf))
      .toEqual([{ name: 'pageview', path: '/about', props: {} }]);
    await expect(page.locator('script[src*="/_astro/analytics-start"]')).toHaveCount(1);
    await context.close();
  });

  test("a tap's events go out once the frame showing its answer is painted, not in the tap", async ({ browser }) => {
    const { context, page, mine } = await visitor(browser);
    // When each request to the service starts, when the tap's click comes, and when the first
    // animation frame after it runs: recorded in the page, from before any page script.
    await page.addInitScript((service) => {
      const times = { requests: [] as number[], click: 0, frame: 0 };
      Object.assign(window, { analyticsTimes: times });
      const fetchOfPage = window.fetch;
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.startsWith(service)) times.requests.push(performance.now());
        return fetchOfPage(input, init);
      };
      addEventListener(
        'click',
        () => {
          times.click = performance.now();
          requestAnimationFrame(() => {
            times.frame = performance.now();
          });
        },
        true,
      );
    }, fake);
    await page.goto(`/program/${PROGRAM}`);
    // The dialog's island started and its form waiting, so that the tap is answered in its own task.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.locator('dialog form')).toBeAttached();
    await expect.poll(async () => (await mine()).map(eventOf).map((e) => e.name)).toEqual(['pageview']);

    await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Join the Waiting List' })).toBeVisible();
    await expect
      .poll(async () => (await mine()).map(eventOf).map((e) => e.name))
      .toEqual(['pageview', 'Waiting list opened', 'Waiting list step']);
    const times = await page.evaluate(
      () =>
        (window as unknown as { analyticsTimes: { requests: number[]; click: number; frame: number } }).analyticsTimes,
    );
    const afterTap = times.requests.filter((time) => time >= times.click);
    expect(afterTap).toHaveLength(2);
    expect(times.frame).toBeGreaterThan(times.click);
    for (const time of afterTap) expect(time).toBeGreaterThan(times.frame);
    await context.close();
  });

  test('the Results filter and Schedule a Call are counted, with the category only', async ({ browser }) => {
    const { context, page, mine } = await visitor(browser);
    await page.goto('/results');
    const filter = page.getByRole('group', { name: 'Filter by category' });
    const second = filter.getByRole('button').nth(1);
    const category = (await second.textContent())?.replace(/\s*\d+\s*$/, '').trim() ?? '';
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    const booking = page.getByRole('link', { name: /Schedule a Discovery Call|Book a Discovery Call/ }).first();
    await booking.evaluate((link) => link.addEventListener('click', (event) => event.preventDefault()));
    await booking.click();

    await expect
      .poll(async () => (await mine()).map(eventOf).map((e) => e.name), { timeout: 15_000 })
      .toEqual(['pageview', 'Results filter', 'Schedule a Call']);
    const events = (await mine()).map(eventOf);
    expect(Object.keys(events[1]?.props ?? {})).toEqual(['category']);
    expect(category).toContain(events[1]?.props.category ?? '-');
    expect(events[2]?.props).toEqual({});
    await context.close();
  });

  test('pages rendered per request send their page view too: Point of View, the privacy policy', async ({
    browser,
  }) => {
    const { context, page, mine, outside } = await visitor(browser);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) refused.push(message.text());
    });
    await page.goto('/pov');
    await expect
      .poll(async () => (await mine()).map(eventOf).map((e) => e.path), { timeout: 15_000 })
      .toEqual(['/pov']);
    await page.goto('/privacy-policy');
    await expect
      .poll(async () => (await mine()).map(eventOf).map((e) => `${e.name} ${e.path}`), { timeout: 15_000 })
      .toEqual(['pageview /pov', 'pageview /privacy-policy']);
    // Astro's island scripts came from the build's file: the page's policy refused nothing inline.
    expect(refused).toEqual([]);
    expect(outside.filter((url) => !url.startsWith(fake))).toEqual([]);
    await context.close();
  });

  test('an analytics script a blocker refuses leaves a Join click made before the islands started to the wizard', async ({
    page,
  }) => {
    // Both are started after the first paint (src/browser/deferred-scripts.ts); the analytics one
    // is refused while the island runtime is still on its way, as a content blocker would.
    await page.route(/\/_astro\/analytics-start[^/]*\.js$/, (route) => route.abort('blockedbyclient'));
    const refused = page.waitForEvent('requestfailed', (request) => /analytics-start/.test(request.url()));
    const runtime = await gotoWithIslandRuntimeHeld(page, `/program/${PROGRAM}`);
    await refused;
    await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
    runtime.release();
    await expect(page.getByRole('dialog', { name: 'Join the Waiting List' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/program/${PROGRAM}$`));
  });

  test('the privacy policy names the service and what it measures', async ({ page }) => {
    await page.goto('/privacy-policy');
    const name = provider === 'plausible' ? 'Plausible Analytics' : 'Umami';
    await expect(page.getByText(`We count visits with ${name}, which sets no cookies`)).toBeVisible();
    await expect(page.getByText(/We do not use analytics tools/)).toHaveCount(0);
  });
});

test.describe('a page Back shows from the back/forward cache', { tag: '@one-viewport' }, () => {
  test.skip(provider === '', 'this build has no analytics service (see npm run test:analytics)');
  test('counts its view again, as the service script does', async () => {
    // The full browser with its back/forward cache on, as tests/e2e/back-forward-cache.spec.ts starts
    // it (Playwright turns the cache off, and the headless shell has none); started here, since a
    // describe group cannot change the launch options.
    const full = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const { page, mine } = await visitor(full);
      await page.addInitScript(() => {
        addEventListener('pageshow', (event) => {
          if (event.persisted) document.documentElement.dataset['restoredFromCache'] = 'yes';
        });
      });
      await page.goto(`/program/${PROGRAM}`);
      await expect.poll(async () => (await mine()).length).toBe(1);
      await page.goto('/about');
      await expect.poll(async () => (await mine()).length).toBe(2);
      // Restored from the cache: no load event, no script run again.
      await page.goBack({ waitUntil: 'commit' });
      await expect(page.locator('html')).toHaveAttribute('data-restored-from-cache', 'yes');
      await expect
        .poll(async () => (await mine()).map((event) => eventOf(event).path))
        .toEqual([`/program/${PROGRAM}`, '/about', `/program/${PROGRAM}`]);
    } finally {
      await full.close();
    }
  });
});

test('the privacy policy says nothing of analytics when the site has none', { tag: '@one-viewport' }, async ({
  page,
}) => {
  test.skip(provider !== '', `this build reports to ${provider}`);
  await page.goto('/privacy-policy');
  await expect(page.getByText(/We do not use analytics tools/)).toBeVisible();
  await expect(page.getByText(/Visit statistics|Plausible|Umami/)).toHaveCount(0);
});
