/**
 * Taps inside a page (the menu drawer, a Results filter, the wizard's Next and Previous), timed
 * like the first tap (bench/tap.ts): on a throttled phone (bench/phone.ts), a page loaded and left
 * idle, then a tap; the time is from the tap's pointerdown to the first
 * frame that shows its result, watched from the page itself (rAF callbacks run just before their
 * frame is painted). What Interaction to Next Paint sees.
 *
 * Each run uses a fresh browser context: nothing cached from the run before, as on a first visit.
 */
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { throttledPhone } from './phone.ts';

const PROGRESS = '[role="progressbar"][aria-label="Waiting list progress"]';
const wizard = (page: Page) => page.getByRole('dialog', { name: 'Join the Waiting List' });

/** Opens the waiting-list wizard on a program page and fills its first step, untimed. */
async function openWizardAtStep1(page: Page) {
  await page.locator('main [data-waitlist-trigger]').first().tap();
  const dialog = wizard(page);
  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Work email').fill('ada@example.org');
  await dialog.getByLabel('Company name').fill('Analytical Engines');
  await dialog.getByRole('radio', { name: 'Executive' }).check();
}

export interface Interaction {
  label: string;
  route: string;
  /** Brings the page to the state before the timed tap (say, the drawer open), untimed. */
  before?: (page: Page) => Promise<void>;
  /** The element tapped. */
  target: (page: Page) => Locator;
  /** A selector that matches, in the frame that shows the result, for the first time after the pointerdown. */
  shown: string;
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
      await page.locator('#site-drawer[open]').waitFor();
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
    label: "the wizard's Next (step 1)",
    route: '/program/orchestration',
    before: openWizardAtStep1,
    target: (page) => wizard(page).getByRole('button', { name: 'Next' }),
    shown: `${PROGRESS}[aria-valuenow="2"]`,
  },
  {
    label: "the wizard's Previous (step 2)",
    route: '/program/orchestration',
    before: async (page) => {
      await openWizardAtStep1(page);
      await wizard(page).getByRole('button', { name: 'Next' }).tap();
      await page.locator(`${PROGRESS}[aria-valuenow="2"]`).waitFor();
    },
    target: (page) => wizard(page).getByRole('button', { name: 'Previous' }),
    shown: `${PROGRESS}[aria-valuenow="1"]`,
  },
];

/** How long the page is left idle before the tap, as for the first tap. */
export const IDLE_BEFORE_TAP_MS = 1000;

declare global {
  interface Window {
    __interaction?: Promise<number>;
  }
}

async function interactOnce(browser: Browser, siteUrl: string, interaction: Interaction): Promise<number> {
  const { context, page } = await throttledPhone(browser);
  try {
    await page.goto(siteUrl + interaction.route, { waitUntil: 'load' });
    await page.waitForTimeout(IDLE_BEFORE_TAP_MS); // the scenario itself: a page left idle
    await interaction.before?.(page);
    const target = interaction.target(page).first();
    await target.scrollIntoViewIfNeeded();
    await target.evaluate((element) => element.setAttribute('data-bench-target', ''));
    await page.evaluate((shown) => {
      const isShown = () => document.querySelector(shown) !== null;
      window.__interaction = new Promise<number>((resolve) => {
        addEventListener(
          'pointerdown',
          (event) => {
            const down = event.timeStamp;
            const frame = (time: number) => (isShown() ? resolve(time - down) : requestAnimationFrame(frame));
            requestAnimationFrame(frame);
          },
          { capture: true, once: true },
        );
      });
    }, interaction.shown);
    await target.tap();
    return Math.round(await page.evaluate(() => window.__interaction as Promise<number>));
  } finally {
    await context.close();
  }
}

/** `runs` of each interaction, each in a fresh context, interactions alternating run by run. */
export async function measureInteractions(
  siteUrl: string,
  { chromiumPath, runs }: { chromiumPath: string; runs: number },
): Promise<Map<Interaction, number[]>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--disable-gpu'] });
  try {
    const results = new Map<Interaction, number[]>(INTERACTIONS.map((interaction) => [interaction, []]));
    for (let i = 0; i < runs; i += 1)
      for (const interaction of INTERACTIONS)
        results.get(interaction)!.push(await interactOnce(browser, siteUrl, interaction));
    return results;
  } finally {
    await browser.close();
  }
}
