/**
 * Taps inside a page (the menu drawer, the Programs menu, a Results filter, each of the wizard's
 * Next and Previous, its Submit, the Point of View page's "Try again" after a failed load), timed
 * like the first tap (bench/tap.ts): on a throttled phone (bench/phone.ts), a page loaded and left
 * idle, then a tap; the time is from the tap's pointerdown to the end of the first frame that
 * shows its result, watched from the page itself (bench/frame-clock.ts). What Interaction to Next
 * Paint sees.
 *
 * Each run uses a fresh browser context: nothing cached from the run before, as on a first visit.
 */
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { tapResult, watchTapResult } from './frame-clock.ts';
import { traceClickMs } from './click-dispatch.ts';
import { TABLET_LANDSCAPE, throttledPhone } from './phone.ts';
import { WAITLIST_API_PATH } from '../src/lib/waitlist/api.ts';

const PROGRESS = '[role="progressbar"][aria-label="Waiting list progress"]';
const wizard = (page: Page) => page.getByRole('dialog', { name: 'Join the Waiting List' });

/** Opens the waiting-list wizard on a program page and fills its first step, untimed. */
async function openWizardAtStep1(page: Page) {
  await page.locator('main [data-waitlist-trigger]').first().tap();
  // Made modal in the task after the frame that shows it (WaitlistWizard.tsx, `showForTap`).
  await page.waitForFunction(() => document.querySelector('dialog:has(form)')?.matches(':modal'));
  const dialog = wizard(page);
  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Work email').fill('ada@example.org');
  await dialog.getByLabel('Company name').fill('Analytical Engines');
  await dialog.getByRole('radio', { name: 'Executive' }).check();
}

/**
 * Opens the wizard and goes to `step` (1 to 5) with every step before it answered and `step`
 * itself answered too, untimed: steps 2 and 3 take a first checkbox, step 4 a first option, step 5
 * needs nothing.
 */
async function wizardAtStep(page: Page, step: number) {
  await openWizardAtStep1(page);
  const answer = async (at: number) => {
    if (at === 2 || at === 3) await wizard(page).getByRole('checkbox').first().check();
    if (at === 4) await wizard(page).getByRole('radio').first().check();
  };
  for (let at = 1; at < step; at += 1) {
    await answer(at);
    await wizard(page).getByRole('button', { name: 'Next' }).tap();
    await page.locator(`${PROGRESS}[aria-valuenow="${at + 1}"]`).waitFor();
  }
  await answer(step);
}

/** The wizard's Next from `step` (answered) to the step after it. */
const wizardNext = (step: number): Interaction => ({
  label: `the wizard's Next (step ${step})`,
  route: '/program/orchestration',
  before: (page) => wizardAtStep(page, step),
  target: (page) => wizard(page).getByRole('button', { name: 'Next' }),
  shown: `${PROGRESS}[aria-valuenow="${step + 1}"]`,
});

/** The wizard's Previous from `step` back to the step before it. */
const wizardPrevious = (step: number): Interaction => ({
  label: `the wizard's Previous (step ${step})`,
  route: '/program/orchestration',
  before: (page) => wizardAtStep(page, step),
  target: (page) => wizard(page).getByRole('button', { name: 'Previous' }),
  shown: `${PROGRESS}[aria-valuenow="${step - 1}"]`,
});

export interface Interaction {
  label: string;
  /** A path on the site, or a whole URL (the reference's, on the fixture server). */
  route: string;
  /**
   * Opened on the site's second server, whose blog feed has never answered: its /pov holds no
   * articles and shows the island, which reads /api/pov (`measureInteractions`' `noFeedUrl`).
   */
  withoutFeed?: true;
  /** Prepares the page before it is opened (say, a request to answer with a failure), untimed. */
  beforeLoad?: (page: Page) => Promise<void>;
  /** Brings the page to the state before the timed tap (say, the drawer open), untimed. */
  before?: (page: Page) => Promise<void>;
  /** The screen, when not a phone's (a control only wide screens show). */
  viewport?: { width: number; height: number };
  /** The element tapped. */
  target: (page: Page) => Locator;
  /** A selector that matches, in the frame that shows the result, for the first time after the pointerdown. */
  shown: string;
  /**
   * The path of the one request to our server whose answer the result waits for. Its time on the
   * network (Resource Timing: from its start to its response's end, the throttled round trip and
   * the server's work) is taken out, so the figure is the page's own: before the request leaves
   * and after its answer is in.
   */
  waitsOn?: string;
}

export const INTERACTIONS: readonly Interaction[] = [
  {
    label: 'open the menu drawer',
    route: '/',
    target: (page) => page.locator('button[commandfor="site-drawer"][command="show-modal"]'),
    shown: '#site-drawer[open]',
  },
  {
    label: 'close the menu drawer',
    route: '/',
    before: async (page) => {
      await page.locator('button[commandfor="site-drawer"][command="show-modal"]').tap();
      // Made modal in the task after the frame that shows it (src/browser/site-header.ts): the
      // close timed is the modal's, which gives the page behind back.
      await page.waitForFunction(() => document.querySelector('#site-drawer')?.matches(':modal'));
    },
    target: (page) => page.locator('#site-drawer button[command="close"]'),
    shown: '#site-drawer:not([open])',
  },
  {
    label: 'a Results filter',
    route: '/results',
    target: (page) => page.locator('button[aria-controls="case-study-list"][aria-pressed="false"]'),
    shown: '[data-bench-target][aria-pressed="true"]',
  },
  {
    label: 'open the Programs menu',
    route: '/',
    viewport: TABLET_LANDSCAPE,
    target: (page) => page.locator('button[popovertarget="programs-menu"]'),
    shown: '#programs-menu:popover-open',
  },
  ...[1, 2, 3, 4].map(wizardNext),
  ...[2, 3, 4, 5].map(wizardPrevious),
  {
    // The visible answer to the tap: the button says "Sending…" while the lead travels. The
    // success message comes a network round trip later (150 ms on this throttling alone).
    label: "the wizard's Submit (step 5)",
    route: '/program/orchestration',
    before: (page) => wizardAtStep(page, 5),
    target: (page) => wizard(page).getByRole('button', { name: 'Submit' }),
    shown: 'dialog[open] button[type="submit"][aria-disabled="true"]',
  },
  {
    // The same tap, to the success message: the toast's first frame, in which it is visible, rising
    // into place. The request that stores the lead is the network's, not the page's: taken out.
    label: 'Submit to the success message',
    route: '/program/orchestration',
    before: (page) => wizardAtStep(page, 5),
    target: (page) => wizard(page).getByRole('button', { name: 'Submit' }),
    shown: '.success-toast',
    waitsOn: WAITLIST_API_PATH,
  },
  {
    // On a server that holds no articles (the island's /pov), whose first answer from /api/pov
    // fails, so the page shows its error and "Try again". Set up before the page opens: on a phone
    // the island is in view at once and asks for the feed within the idle second, before `before`
    // would run. Only that first request is answered here; the retry's goes to the server (whose
    // error comes back as the same message). The visible answer to the tap is the loading state
    // (skeleton cards) replacing the error, in the render the press causes; the answer comes a
    // network round trip later (150 ms on this throttling alone), as the success message after Submit.
    label: "the POV page's Try again",
    route: '/pov',
    withoutFeed: true,
    beforeLoad: async (page) => {
      await page.route('**/api/pov*', (route) => route.fulfill({ status: 503, body: '' }), { times: 1 });
    },
    before: (page) => page.getByRole('alert').waitFor(),
    target: (page) => page.getByRole('button', { name: 'Try again' }),
    shown: 'section[aria-label="Articles"] [aria-busy="true"]',
  },
];

/**
 * The floor the taps are read against: a button on a small document of the fixture server
 * (bench/reference-dialog.html) that opens a modal dialog through the browser alone (an invoker
 * command, no script). What its tap takes is what this machine and browser take to answer any tap
 * with a frame.
 */
export const referenceInteraction = (fixtureOrigin: string): Interaction => ({
  label: 'Reference: open a dialog',
  route: `${fixtureOrigin}/reference/dialog`,
  target: (page) => page.getByRole('button', { name: 'Open the dialog' }),
  shown: '#reference-dialog[open]',
});

/** How long the page is left idle before the tap, as for the first tap. */
export const IDLE_BEFORE_TAP_MS = 1000;

export interface Sites {
  siteUrl: string;
  /** The site's second server, whose feed has never answered (`Interaction.withoutFeed`). */
  noFeedUrl?: string | undefined;
}

/**
 * What a tap's figure is: the time from the pointerdown to the frame that shows its result, or the
 * duration of its click's dispatch, read from a trace (bench/click-dispatch.ts).
 */
export type TapMeasure = 'time' | 'click';

/**
 * One run of `interaction` on `page`, a fresh page with a phone's screen (bench/phone.ts): opens its
 * route, leaves it idle, brings it to the state before the tap, taps, and returns the time to the
 * frame that shows the result (less the request it waits on, if any), or with `measure` 'click' the
 * duration of the click's dispatch.
 */
export async function interactOn(
  page: Page,
  sites: Sites,
  interaction: Interaction,
  measure: TapMeasure = 'time',
): Promise<number> {
  const base = interaction.withoutFeed ? sites.noFeedUrl : sites.siteUrl;
  if (!base) throw new Error(`"${interaction.label}" is measured on a server without a feed: pass noFeedUrl`);
  await interaction.beforeLoad?.(page);
  await page.goto(new URL(interaction.route, base).href, { waitUntil: 'load' });
  await page.waitForTimeout(IDLE_BEFORE_TAP_MS); // the scenario itself: a page left idle
  await interaction.before?.(page);
  const target = interaction.target(page).first();
  await target.scrollIntoViewIfNeeded();
  await target.evaluate((element) => element.setAttribute('data-bench-target', ''));
  await page.evaluate(watchTapResult, interaction.shown);
  if (measure === 'click')
    return traceClickMs(page, async () => {
      await target.tap();
      await page.evaluate(tapResult);
    });
  await target.tap();
  const ms = await page.evaluate(tapResult);
  return interaction.waitsOn ? ms - (await requestMs(page, interaction.waitsOn)) : ms;
}

/** The network time of the last request to `path` (it must have been made), in whole milliseconds. */
async function requestMs(page: Page, path: string): Promise<number> {
  const ms = await page.evaluate((wanted) => {
    const requests = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === wanted) as PerformanceResourceTiming[];
    const last = requests.at(-1);
    return last ? last.responseEnd - last.startTime : null;
  }, path);
  if (ms === null) throw new Error(`the tap made no request to ${path}`);
  return Math.round(ms);
}

async function interactOnce(
  browser: Browser,
  sites: Sites,
  interaction: Interaction,
  measure: TapMeasure,
): Promise<number> {
  const { context, page } = await throttledPhone(browser, interaction.viewport);
  try {
    return await interactOn(page, sites, interaction, measure);
  } finally {
    await context.close();
  }
}

/** `runs` of each interaction (all of them unless named), each in a fresh context, interactions alternating run by run. */
export async function measureInteractions(
  siteUrl: string,
  {
    chromiumPath,
    runs,
    interactions = INTERACTIONS,
    noFeedUrl,
    measure = 'time',
  }: {
    chromiumPath: string;
    runs: number;
    interactions?: readonly Interaction[];
    noFeedUrl?: string | undefined;
    measure?: TapMeasure;
  },
): Promise<Map<Interaction, number[]>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--disable-gpu'] });
  try {
    const results = new Map<Interaction, number[]>(interactions.map((interaction) => [interaction, []]));
    for (let i = 0; i < runs; i += 1)
      for (const interaction of interactions)
        results.get(interaction)!.push(await interactOnce(browser, { siteUrl, noFeedUrl }, interaction, measure));
    return results;
  } finally {
    await browser.close();
  }
}
