import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { SPECULATION_AFTER_SHOWN_MS } from '../../src/browser/speculation.ts';
import { SPECULATION_RULES_ATTRIBUTE } from '../../src/lib/first-paint.ts';
import { afterShownPageStarts, believePrerendered } from '../support/prerender.ts';
import { oneRouteOf } from '../support/routes.ts';
import { waitForFont } from '../support/settle.ts';

/**
 * Navigation before the click (src/lib/speculation-rules.ts): Chrome's own record of what it
 * prefetched and prerendered, read through the DevTools protocol's Preload domain.
 *
 * Chrome refuses to finish a prerender while a DevTools client is attached to the page the way
 * Playwright attaches (PrerenderingDisabledByDevTools), so here a prerender is seen as attempted,
 * with the document prefetched before the click and that prefetch used by the navigation. The bench
 * (bench/navigate.ts, through Puppeteer, which attaches through the tab) shows the prerendered page
 * activated. What a prerendered page does before it is shown is tested by letting the page believe
 * it is prerendered (document.prerendering) until the test shows it.
 */

interface Preloads {
  /** Every URL Chrome started to prefetch or prerender, with the action. */
  started: { url: string; action: 'prefetch' | 'prerender'; status: string }[];
  /** Rule sets Chrome read, with their parse error if any. */
  ruleSets: { errorType?: string; errorMessage?: string }[];
  cdp: CDPSession;
}

async function watchPreloads(page: Page): Promise<Preloads> {
  const cdp = await page.context().newCDPSession(page);
  const preloads: Preloads = { started: [], ruleSets: [], cdp };
  cdp.on('Preload.ruleSetUpdated', ({ ruleSet }) => preloads.ruleSets.push(ruleSet));
  cdp.on('Preload.prefetchStatusUpdated', ({ key, status }) =>
    preloads.started.push({ url: key.url, action: 'prefetch', status }),
  );
  cdp.on('Preload.prerenderStatusUpdated', ({ key, status }) =>
    preloads.started.push({ url: key.url, action: 'prerender', status }),
  );
  await cdp.send('Preload.enable');
  return preloads;
}

const pathsOf = (preloads: Preloads, action: 'prefetch' | 'prerender') => [
  ...new Set(preloads.started.filter((entry) => entry.action === action).map((entry) => new URL(entry.url).pathname)),
];

/** The rules are live once the page is idle: the `<template>` has become a script. */
async function rulesLive(page: Page) {
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
}

/** Whether Chrome attempted a prerender of `path`, and fetched its document ahead (prefetch or the prerender's own). */
const attempted = (preloads: Preloads, path: string) =>
  pathsOf(preloads, 'prerender').includes(path) &&
  preloads.started.some((e) => e.action === 'prefetch' && new URL(e.url).pathname === path && e.status === 'Ready');

/** The navigation to `path` was served from what was fetched before the click. */
const usedAhead = (preloads: Preloads, path: string) =>
  preloads.started.some((e) => e.action === 'prefetch' && new URL(e.url).pathname === path && e.status === 'Success');

test.describe('speculation rules', () => {
  test.skip(({ browserName }) => browserName !== 'chromium', 'the Speculation Rules API is Chromium’s');

  // Every kind of page that names likely next pages (src/pages: the home page, Results, a case
  // study, a program, an offer), each on a phone and a desktop: where a likely page's only link
  // sits in a block the browser skips (`render-near-view` far below, or hidden at this width),
  // Chrome never matches it (src/components/program/ProgramPage.tsx says why) and nothing is
  // prerendered ahead.
  for (const path of ['/', '/results', oneRouteOf('/case-study/'), oneRouteOf('/program/'), oneRouteOf('/offer/')])
    test(`${path}: the rules parse, pass the CSP and prerender each likely next page once idle`, async ({ page }) => {
      // The pages the page names, from its HTML (the template the rules are made from): read from
      // the served document, since the page script replaces the template once the rules go live.
      const html = await (await page.request.get(path)).text();
      const likelyNext = html.match(new RegExp(`<template ${SPECULATION_RULES_ATTRIBUTE}="([^"]*)"`))?.[1]?.split(' ');
      expect(likelyNext?.length, 'the page names its likely next pages').toBeGreaterThan(0);
      const preloads = await watchPreloads(page);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(path);
      await rulesLive(page);
      // Prerendered without any intent.
      for (const next of likelyNext!) await expect.poll(() => attempted(preloads, next), next).toBe(true);
      expect(preloads.ruleSets.length).toBeGreaterThan(0);
      expect(preloads.ruleSets.filter((ruleSet) => ruleSet.errorType)).toEqual([]);
      expect(errors.filter((text) => /Content Security Policy|speculation/i.test(text))).toEqual([]);
    });

  test('a page shown from a prerender makes its rules live and prerenders its likely next pages only a second after', async ({
    page,
  }, info) => {
    test.skip(info.project.name !== 'desktop', 'one viewport is enough');
    const preloads = await watchPreloads(page);
    await believePrerendered(page);
    await page.goto('/program/orchestration');
    await afterShownPageStarts(page);
    // Shown, with a record of when: the moment of showing, of the rules going live, and of the
    // first link marked as likely next.
    await page.evaluate(() => {
      const times: { shown?: number; live?: number; marked?: number } = {};
      Object.assign(window, { speculationTimes: times });
      new MutationObserver(() => {
        if (document.querySelector('script[type="speculationrules"]')) times.live ??= performance.now();
        if (document.querySelector('a[data-likely-next]')) times.marked ??= performance.now();
      }).observe(document, { subtree: true, childList: true, attributeFilter: ['data-likely-next'] });
      times.shown = performance.now();
      (window as unknown as { activateForTest: () => void }).activateForTest();
    });
    await expect.poll(() => attempted(preloads, '/offer/ai-experience-orchestration'), { timeout: 10_000 }).toBe(true);
    const { shown, live, marked } = await page.evaluate(
      () =>
        (window as unknown as { speculationTimes: { shown: number; live: number; marked: number } }).speculationTimes,
    );
    expect(live - shown).toBeGreaterThanOrEqual(SPECULATION_AFTER_SHOWN_MS);
    expect(marked - shown).toBeGreaterThanOrEqual(SPECULATION_AFTER_SHOWN_MS);
  });

  test('a hovered link’s page is prerendered before the click lands, and shown from it', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'hover is a desktop intent');
    const preloads = await watchPreloads(page);
    await page.goto('/about');
    await rulesLive(page);
    expect(pathsOf(preloads, 'prerender')).not.toContain('/cie');
    const link = page.locator('footer').getByRole('link', { name: 'Continuous Innovation Ecosystem' });
    await link.hover();
    await expect.poll(() => attempted(preloads, '/cie')).toBe(true);
    await link.click();
    await expect(page).toHaveURL(/\/cie$/);
    await expect.poll(() => usedAhead(preloads, '/cie')).toBe(true);
  });

  test('a pressed link’s page is prerendered on the pointerdown of a tap', async ({ browser }, info) => {
    test.skip(info.project.name !== 'mobile', 'a phone’s intent');
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      const preloads = await watchPreloads(page);
      await page.goto('/about');
      await rulesLive(page);
      const link = page.locator('footer').getByRole('link', { name: 'Continuous Innovation Ecosystem' });
      await link.scrollIntoViewIfNeeded();
      expect(pathsOf(preloads, 'prerender')).not.toContain('/cie');
      // The pointerdown alone (a finger resting on the link): the page is prerendered before any click.
      const box = (await link.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await expect.poll(() => attempted(preloads, '/cie')).toBe(true);
      await page.mouse.up();
      await expect(page).toHaveURL(/\/cie$/);
      await expect.poll(() => usedAhead(preloads, '/cie')).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('nothing with an effect or personal is ever speculated: waiting list, API, files', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'hover is a desktop intent');
    const preloads = await watchPreloads(page);
    await page.goto('/program/orchestration');
    await rulesLive(page);
    // Links to every excluded kind of address, then one that is not, each pressed in turn. (The
    // editor's pages are excluded in builds that carry it: tests/unit/lib/speculation-rules.test.ts.)
    await page.evaluate(() => {
      const list = document.createElement('p');
      // Pressed, not followed: the pointerdown is the intent; the click would leave the page.
      list.addEventListener('click', (event) => event.preventDefault());
      for (const href of [
        '/waitlist',
        '/waitlist?program=orchestration',
        '/waitlist/joined',
        '/api/pov',
        '/sitemap.xml',
        '/solutions',
      ]) {
        const link = document.createElement('a');
        link.href = href;
        link.textContent = `Link to ${href}`;
        link.style.display = 'block';
        list.append(link);
      }
      document.querySelector('main')!.prepend(list);
    });
    // A pointerdown is an intent Chrome acts on at once (a hover only after 200 ms), and it takes the
    // page's presses in order: once it has speculated the control link, pressed last, it has already
    // passed over every press before it. The program's own Join links point at /waitlist too.
    for (const link of await page.locator('main > p:first-child a').all()) await link.click();
    await expect.poll(() => pathsOf(preloads, 'prerender')).toContain('/solutions');
    const speculated = [...pathsOf(preloads, 'prerender'), ...pathsOf(preloads, 'prefetch')];
    for (const excluded of [/^\/waitlist/, /^\/api\//, /^\/keystatic/, /\.xml$/]) {
      expect(speculated.filter((path) => excluded.test(path))).toEqual([]);
    }
  });

  for (const [name, connection] of [
    ['asks to save data', { saveData: true, effectiveType: '4g' }],
    ['is on 2G', { saveData: false, effectiveType: '2g' }],
  ] as const) {
    test(`nothing is speculated when the visitor ${name}`, async ({ page }, info) => {
      test.skip(info.project.name !== 'desktop', 'one viewport is enough');
      await page.addInitScript((fake) => {
        Object.defineProperty(navigator, 'connection', { value: fake, configurable: true });
      }, connection);
      const preloads = await watchPreloads(page);
      await page.goto('/program/orchestration');
      // The page is idle and its web font fetched (both follow the first paint): the rules would be live by now.
      await waitForFont(page);
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      // An intent on a link (its pointerdown, pressed but not followed) that live rules act on at once.
      await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
      await page.locator('footer').getByRole('link', { name: 'About' }).click();
      // Off the link (onto the heading, no link) before the rules go live, lest its hover count then.
      await page.locator('main h1').hover();
      // The control: the test makes the page's own rules live by hand, then hovers another link until
      // Chrome speculates it. Chrome takes a page's pointer intents in order, so by then it had passed
      // over the press on About, when only the page's own doing could have made the rules live.
      await page.evaluate((attribute) => {
        const rules = document.createElement('script');
        rules.type = 'speculationrules';
        rules.dataset.testControl = '';
        rules.textContent = document.querySelector<HTMLTemplateElement>(`template[${attribute}]`)!.content.textContent;
        document.head.append(rules);
      }, SPECULATION_RULES_ATTRIBUTE);
      await page.locator('footer').getByRole('link', { name: 'Continuous Innovation Ecosystem' }).hover();
      await expect.poll(() => pathsOf(preloads, 'prerender')).toContain('/cie');
      await expect(page.locator('script[type="speculationrules"]:not([data-test-control])')).toHaveCount(0);
      expect(preloads.started.filter((entry) => new URL(entry.url).pathname !== '/cie')).toEqual([]);
    });
  }

  test('a prerendered page lays out its long blocks while hidden, and its first frame paints one screen', async ({
    page,
  }, info) => {
    test.skip(info.project.name !== 'mobile', 'a long phone page has blocks near and far');
    // Loaded the usual way, the browser decides: every block keeps content-visibility: auto.
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const shown = await page
      .locator('.render-near-view')
      .evaluateAll((elements) => elements.map((e) => getComputedStyle(e).contentVisibility));
    expect(shown.length).toBeGreaterThan(3);
    expect(new Set(shown)).toEqual(new Set(['auto']));

    await believePrerendered(page);
    await page.goto('/results');
    await afterShownPageStarts(page);
    // Where each long block is and whether it is rendered, and where the footer is; after showing the
    // page if asked, read in the same task, before the web font (which the page then lets in) moves anything.
    const blocks = (activate: boolean) =>
      page.evaluate((activate) => {
        if (activate) (window as unknown as { activateForTest: () => void }).activateForTest();
        const top = (element: Element) => Math.round(element.getBoundingClientRect().top);
        const blocks = [...document.querySelectorAll('.render-near-view')].map((element) => ({
          top: top(element),
          visibility: getComputedStyle(element).contentVisibility,
        }));
        return { screen: innerHeight, blocks, footer: top(document.querySelector('body > footer')!) };
      }, activate);
    const hidden = await blocks(false);
    // Laid out while hidden: none is left to the browser (auto). Those on the first screen are ready
    // to paint; those well below it are left out of the frame that shows the page.
    const near = hidden.blocks.filter((block) => block.top < hidden.screen);
    const far = hidden.blocks.filter((block) => block.top >= 2 * hidden.screen);
    expect(near.length).toBeGreaterThan(0);
    expect(far.length).toBeGreaterThan(3);
    expect(new Set(near.map((block) => block.visibility))).toEqual(new Set(['visible']));
    expect(new Set(far.map((block) => block.visibility))).toEqual(new Set(['hidden']));
    // Shown: every block is the browser's to render or skip (auto), as on a page loaded the usual
    // way, each where it was, and so is the footer (the left-out ones keep their laid-out size).
    const activated = await blocks(true);
    expect(activated.blocks).toEqual(hidden.blocks.map(({ top }) => ({ top, visibility: 'auto' })));
    expect(activated.footer).toBe(hidden.footer);

    // A frame later the far blocks are skipped, not painted whole first (a whole-page paint that a
    // tap just after the page is shown would wait for), so a later restyle does not cover them either.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    const settled = await page.evaluate(() => {
      const blocks = [...document.querySelectorAll<HTMLElement>('.render-near-view')];
      const tops = () =>
        [...blocks, document.querySelector('body > footer')!].map((e) => e.getBoundingClientRect().top);
      const skipped = blocks.filter(
        (block) => !block.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }),
      );
      // Where everything is now, and where it would be with every block rendered, in one task.
      const now = tops();
      for (const block of blocks) block.style.contentVisibility = 'visible';
      const whole = tops();
      for (const block of blocks) block.style.contentVisibility = '';
      return { skipped: skipped.length, now, whole };
    });
    // The far blocks are skipped again, each held at the size it was rendered at: nothing moves.
    expect(settled.skipped).toBeGreaterThanOrEqual(far.length);
    expect(settled.now).toEqual(settled.whole);
  });

  test('a prerendered page fetches its islands’ code ahead but starts them only when shown', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'one viewport is enough');
    await believePrerendered(page);
    const fetched = new Set<string>();
    page.on('requestfinished', (request) => {
      const file = new URL(request.url()).pathname.match(
        /^\/_astro\/(island-|ResultsFilter\.|client\.|islands-shared\.)/,
      )?.[1];
      if (file) fetched.add(file);
    });
    await page.goto('/results');
    // While hidden, the whole chain of the filter's code arrives (the island runtime, the component,
    // the renderer and what they import), so a tap right after the page is shown waits for no network.
    await expect.poll(() => [...fetched].sort()).toEqual(['ResultsFilter.', 'client.', 'island-', 'islands-shared.']);
    // Past the moment a shown page starts its islands, and idle: nothing has started.
    await afterShownPageStarts(page);
    // Fetched is not started: the runtime is not on the page, no island is hydrated, no rules live.
    await expect(page.locator('script[src*="/_astro/island-"]')).toHaveCount(0);
    expect(await page.evaluate(() => customElements.get('astro-island'))).toBeUndefined();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
    // Shown: the island runtime starts from the browser's cache, the filter hydrates and works.
    await page.evaluate(() => (window as unknown as { activateForTest: () => void }).activateForTest());
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const runtime = await page.locator('script[src*="/_astro/island-"]').getAttribute('src');
    const runtimeLoads = await page.evaluate(
      (src) =>
        (performance.getEntriesByName(new URL(src!, location.href).href) as PerformanceResourceTiming[]).map(
          ({ initiatorType, transferSize }) => ({ initiatorType, transferSize }),
        ),
      runtime,
    );
    expect(runtimeLoads).toEqual([
      expect.objectContaining({ initiatorType: 'fetch' }),
      { initiatorType: 'script', transferSize: 0 },
    ]);
    await page.getByRole('button', { name: 'Insurance' }).click();
    await expect(page.getByRole('button', { name: 'Insurance' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
  });
});
