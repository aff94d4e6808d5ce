import { expect, test, type Locator, type Page } from '@playwright/test';
import { oneRouteOf } from '../support/routes.ts';
import { setInWebFont, waitForSettled } from '../support/settle.ts';

/**
 * Visual regression: one baseline per page template and per scripted state, at a phone and a laptop
 * width, each the size of one screen (what a visitor sees first) or one section, so a reviewer can
 * open it and see what changed. Pages of the same template (every case study, every program) share
 * their components, so one of each stands for the rest; the other checks (layout, axe, page-css)
 * visit every route. Runs in the `visual` project only, with animations off and the Point of View
 * feed from the fixture server. After an intended visual change, regenerate and review the baselines:
 *   npm run build && npx playwright test tests/e2e/visual.spec.ts --update-snapshots
 */
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

interface Shot {
  /** The baseline's name, without width and extension. */
  name: string;
  route: string;
  /** Brings the page into the state pictured, once it has loaded and settled. */
  prepare?: (page: Page, width: number) => Promise<void>;
  /** A section instead of the first screen. */
  section?: (page: Page) => Locator;
  /** What changes from day to day, covered in the picture. */
  mask?: (page: Page) => Locator[];
}

const templates: Shot[] = [
  { name: 'home', route: '/' },
  { name: 'program', route: oneRouteOf('/program/') },
  { name: 'offer', route: oneRouteOf('/offer/') },
  { name: 'case-study', route: oneRouteOf('/case-study/') },
  { name: 'results', route: '/results' },
  { name: 'solutions', route: '/solutions' },
  { name: 'about', route: '/about' },
  { name: 'cie', route: '/cie' },
  { name: 'pov', route: '/pov' },
  // The legal pages' "Last updated" is the day they are served.
  { name: 'legal', route: '/privacy-policy', mask: (page) => [page.locator('main time')] },
  { name: 'waitlist-form', route: '/waitlist' },
  { name: 'not-found', route: '/no-such-page' },
];

/** Tailwind's `lg`: the header shows the Programs menu from here, the drawer button below. */
const LG = 1024;

const states: Shot[] = [
  {
    name: 'menu-open',
    route: '/',
    prepare: async (page, width) => {
      if (width >= LG) {
        await page.getByRole('button', { name: 'Programs' }).click();
        await expect(page.locator('#programs-menu')).toBeVisible();
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      }
    },
  },
  {
    name: 'wizard-errors',
    route: oneRouteOf('/program/'),
    prepare: async (page) => {
      await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
    },
  },
  {
    name: 'results-filtered',
    route: '/results',
    prepare: async (page) => {
      const filter = page.getByRole('button', { name: 'Healthcare', exact: true });
      await filter.click();
      await expect(page).toHaveURL(/category=Healthcare/);
      // The filters at the top of the screen, the first cards below them.
      await filter.evaluate((button) => button.scrollIntoView({ block: 'start', behavior: 'instant' }));
    },
  },
  // The three programs side by side: the choice the home page leads to.
  { name: 'home-programs', route: '/', section: (page) => page.locator('#find-your-path') },
  // Every page ends with the same footer; its copyright year is the build's, so it is masked.
  {
    name: 'footer',
    route: '/about',
    section: (page) => page.locator('body > footer'),
    mask: (page) => [page.getByText(/^© \d{4} /)],
  },
];

for (const shot of [...templates, ...states]) {
  for (const viewport of VIEWPORTS) {
    test(`${shot.name} at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await setInWebFont(page);
      await page.goto(shot.route);
      if (shot.route === '/pov') await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      await waitForSettled(page);
      await shot.prepare?.(page, viewport.width);
      const target = shot.section?.(page);
      if (target) await target.scrollIntoViewIfNeeded();
      // Every image on screen has arrived, so the picture does not depend on timing (a lazy image
      // off screen or not displayed is never fetched).
      await page.waitForFunction(() =>
        [...document.images].every((image) => {
          const box = image.getBoundingClientRect();
          const onScreen = image.getClientRects().length > 0 && box.bottom > 0 && box.top < innerHeight;
          return image.complete || !onScreen;
        }),
      );
      await waitForSettled(page);
      const options = {
        // Decorative artwork (alt="") is drawn by its own files: a picture of it would fail on a new
        // illustration, not on a broken template. The Point of View articles' images stay in the
        // picture: the fixture feed's live on a host this machine cannot reach, so each shows its
        // placeholder.
        mask: [page.locator('img[alt=""]:not([src^="/api/pov/thumbnail"])'), ...(shot.mask?.(page) ?? [])],
      };
      const file = `${shot.name}-${viewport.width}.png`;
      if (target) {
        // A section taller than the screen is captured in strips, scrolling: the fixed header would
        // land on a different strip each time, and it is not part of the section.
        await page.addStyleTag({ content: 'body > header { visibility: hidden; }' });
        await expect(target).toHaveScreenshot(file, options);
      } else await expect(page).toHaveScreenshot(file, options);
    });
  }
}
