import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { watchFrameAfterClick } from '../support/frame-after-click.ts';
import { elementsRestyledDuring } from '../support/restyles.ts';
import { isMobile, programRoutes, site } from '../support/site.ts';

test.describe('header on wide screens', () => {
  test.skip(({ viewport }) => isMobile(viewport?.width), 'desktop navigation');

  test('shows the full name, the Programs menu, the main links and Schedule a Call', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: site.companyName })).toBeVisible();
    const nav = header.getByRole('navigation', { name: 'Main' });
    const links = [
      { name: 'Solutions', href: '/solutions' },
      { name: 'Results', href: '/results' },
      { name: 'POV', href: '/pov' },
    ];
    for (const { name, href } of links) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const call = header.getByRole('link', { name: /Schedule a Call/ });
    await expect(call).toHaveAttribute('href', site.bookingUrl);
    await expect(call).toHaveAttribute('target', '_blank');
    await expect(call).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });

  test('Programs menu opens by mouse and lists the three programs', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Programs' });
    // popovertarget exposes the state; HTML forbids aria-expanded beside it.
    await expect(trigger).not.toHaveAttribute('aria-expanded');
    await expect(trigger).toHaveAttribute('popovertarget', 'programs-menu');
    await trigger.click();
    await expect(page.locator('#programs-menu')).toBeVisible();
    // A popover is not modal: the page stays rendered whole, the footer included, two frames on
    // (only a modal dialog hands the page out of view back to the browser to skip).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    expect(await footerLink.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Programs' });
    for (const program of programRoutes) {
      await expect(menu.getByRole('link', { name: program.label })).toHaveAttribute('href', program.href);
    }
    await expectNoAxeViolations(page);
    await menu.getByRole('link', { name: 'Middle Market Leaders' }).click();
    await expect(page).toHaveURL(/\/program\/ripple-effect$/);
  });

  test('Programs menu works by keyboard: ArrowDown opens, arrows move, Escape closes', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Programs' });
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: 'Programs' });
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Small Business Owners' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Middle Market Leaders' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('link', { name: 'Corporate Innovation/CX Teams' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(page.locator('#programs-menu')).toBeHidden();

    for (const key of ['Enter', ' ']) {
      await page.keyboard.press(key);
      await expect(menu.getByRole('link', { name: 'Small Business Owners' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(trigger).toBeFocused();
    }
  });
});

test.describe('header on small screens', () => {
  test.skip(({ viewport }) => !isMobile(viewport?.width), 'mobile navigation');

  test('shows the short name and a menu button instead of the links', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: site.shortName, exact: true })).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('drawer opens on the right at 300px, holds focus, and closes with Escape returning focus', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // Measure once the slide-in has finished.
    await drawer.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(300);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(375);
    for (const program of programRoutes) {
      await expect(drawer.getByRole('link', { name: program.label })).toHaveAttribute('href', program.href);
    }
    for (const name of ['Solutions', 'Results', 'POV'])
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    const call = drawer.getByRole('link', { name: /Schedule a Discovery Call/ });
    await expect(call).toHaveAttribute('href', site.bookingUrl);
    await expect(call).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations(page);

    // Focus stays inside the modal drawer.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('the drawer shows in the frame after the tap, above the page, then turns modal', async ({ page }) => {
    // Without the slide, which starts off screen, the first frame shows the drawer where it stays.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const frameAfterClick = await watchFrameAfterClick(page, '#site-drawer');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    // Shown where it opens, not yet modal: the page behind is not restyled inert in the tap.
    expect(await frameAfterClick()).toEqual({
      open: true,
      modal: false,
      visibility: 'visible',
      atCentre: true,
      focused: 'Open menu',
    });
    expect(await drawer.evaluate((element) => element.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('behind the drawer, open and once closed, only the page in view is rendered, and nothing moves', async ({
    page,
    browser,
    browserName,
  }) => {
    await page.goto('/');
    // Taken before the drawer opens: the page behind a modal is inert, out of the accessibility tree.
    const headline = await page.getByRole('heading', { level: 1 }).elementHandle();
    const footerLink = await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy' })
      .elementHandle();
    const rendered = (element: typeof headline) =>
      element!.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
    // Where the footer starts on the page, and the page's height: what would move if a block skipped
    // out of view were held at a size other than its own.
    const layout = () =>
      page.evaluate(() => ({
        footer: document.querySelector('body > footer')!.getBoundingClientRect().top + scrollY,
        height: document.documentElement.scrollHeight,
      }));
    const inView = await headline!.boundingBox();
    const before = await layout();
    expect(await rendered(footerLink)).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect.poll(() => rendered(footerLink)).toBe(false);
    // Each block turns `content-visibility: auto` as the drawer opens, and Chromium finds which are
    // in view at its next rendering: read between the two, the headline's block is still skipped.
    await expect.poll(() => rendered(headline)).toBe(true);
    expect(await headline!.boundingBox()).toEqual(inView);

    // The close restyles what is in view (Chromium's trace counts the elements each style pass
    // restyled): the header, with the drawer, and the blocks on screen, not the page below them.
    const close = async () => {
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    };
    if (browserName !== 'chromium') await close();
    else {
      const restyled = await elementsRestyledDuring(browser, page, close);
      const inViewElements = await page.evaluate(() => {
        const blocks = [...document.querySelectorAll('body > header, main > *')].filter((block) => {
          const { top, bottom } = block.getBoundingClientRect();
          return bottom > 0 && top < innerHeight;
        });
        return blocks.reduce((count, block) => count + 1 + block.querySelectorAll('*').length, 0);
      });
      expect(restyled.length).toBeGreaterThan(0);
      expect(Math.max(...restyled)).toBeLessThanOrEqual(inViewElements);
    }
    expect(await rendered(headline)).toBe(true);
    expect(await headline!.boundingBox()).toEqual(inView);
    expect(await rendered(footerLink)).toBe(false);
    expect(await layout()).toEqual(before);

    // Scrolled to, the footer is rendered where it always was.
    await footerLink!.scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(footerLink)).toBe(true);
    expect(await layout()).toEqual(before);
  });

  test('choosing a link closes the drawer and navigates; the backdrop closes it too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await page.mouse.click(20, 400);
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Results', exact: true }).click();
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });
});

test('footer carries the blurb, contact, network, programs, copyright and legal links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(site.tagline)).toBeVisible();
  await expect(footer.getByRole('link', { name: site.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${site.contactEmail}`,
  );
  const network = footer.getByRole('link', { name: /on LinkedIn/ });
  await expect(network).toHaveAttribute('href', site.linkedinUrl);
  await expect(network).toHaveAttribute('rel', 'noopener noreferrer');
  const programs = footer.getByRole('list', { name: 'Programs' });
  for (const program of programRoutes) {
    await expect(programs.getByRole('link', { name: program.label })).toHaveAttribute('href', program.href);
  }
  // The build's year (this test runs against a build made the same year).
  await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
});

test('the skip link, once focused, shows as a pill with room around its words', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  // Tailwind's not-sr-only resets padding: the link showed at 116x26 px, its focus ring on its letters.
  const box = await skip.evaluate((link) => {
    const style = getComputedStyle(link);
    const { width, height } = link.getBoundingClientRect();
    return {
      width,
      height,
      paddingInline: Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight),
      paddingBlock: Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom),
    };
  });
  expect(box.paddingInline).toBeGreaterThanOrEqual(24);
  expect(box.paddingBlock).toBeGreaterThanOrEqual(16);
  expect(box.height).toBeGreaterThanOrEqual(44);
  // On screen, whole.
  const viewport = page.viewportSize()!;
  const rect = (await skip.boundingBox())!;
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.y).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(viewport.width);
});

test('skip link jumps to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
