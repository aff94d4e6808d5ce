import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { storedLeads, uniqueEmail } from '../support/leads.ts';
import { watchFrameAfterClick } from '../support/frame-after-click.ts';
import { elementsRestyledDuring } from '../support/restyles.ts';
import { openWizard } from '../support/wizard.ts';

const PROGRAM = '/program/orchestration';

async function completeSteps(dialog: Locator, email: string, { checkA11y }: { checkA11y?: Page } = {}) {
  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Work email').fill(email);
  await dialog.getByLabel('Company name').fill('Analytical Engines');
  await dialog.getByRole('radio', { name: 'Executive' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 2 of 5/)).toBeVisible();
  if (checkA11y) await expectNoAxeViolations(checkA11y);
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 3 of 5/)).toBeVisible();
  if (checkA11y) await expectNoAxeViolations(checkA11y);
  await dialog.getByRole('checkbox').nth(2).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 4 of 5/)).toBeVisible();
  if (checkA11y) await expectNoAxeViolations(checkA11y);
  await dialog.getByRole('radio', { name: '$10,000–$25,000' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 5 of 5/)).toBeVisible();
  if (checkA11y) await expectNoAxeViolations(checkA11y);
}

test('the wizard: errors on step 1, five steps, success toast, one lead stored with its program', async ({ page }) => {
  test.slow(); // axe runs at every step
  const email = uniqueEmail('wizard');
  const dialog = await openWizard(page);
  await expect(dialog.getByText(/^Step 1 of 5/)).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Waiting list progress' })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await expectNoAxeViolations(page);
  await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Invalid email address', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Company name is required', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Please select an option', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await completeSteps(dialog, email, { checkA11y: page });
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeVisible();
  await dialog.getByLabel('Anything else we should know?').fill('We start in January.');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  // The toast's live region, announced once the dialog has closed (SuccessToaster.tsx).
  const toast = page.getByRole('status').filter({ hasText: 'Success!' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("You've been added to the waiting list. We'll be in touch soon.");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first()).toBeFocused();
  const leads = storedLeads(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ source_program: 'orchestration', name: 'Ada Lovelace' });
  // Pointed at, it stays: its five seconds ran out during the axe check on a loaded machine.
  await toast.hover();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
  expect(storedLeads(email)).toHaveLength(1);
});

/** The focused element's outline: its style, and its contrast with the background of `against`. */
function focusRing(page: Page, against: string) {
  return page.evaluate((selector) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const focused = document.activeElement!;
    const style = getComputedStyle(focused);
    const [lighter, darker] = [
      luminance(style.outlineColor),
      luminance(getComputedStyle(document.querySelector(selector)!).backgroundColor),
    ].sort((a, b) => b - a);
    return {
      style: `${style.outlineStyle} ${style.outlineWidth}`,
      contrast: Math.round(((lighter! + 0.05) / (darker! + 0.05)) * 100) / 100,
    };
  }, against);
}

test('the success toast, reached by Alt+T, shows where focus is on its night colours', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const dialog = await openWizard(page);
  await completeSteps(dialog, uniqueEmail('toast-focus'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const message = page.getByRole('status').filter({ hasText: 'Success!' });
  await expect(message).toBeVisible();
  await expect(dialog).toBeHidden();
  // Alt+T takes focus to the toast (as sonner's hotkey did); Tab then to its close button.
  await page.keyboard.press('Alt+T');
  await expect(page.locator('.success-toast')).toBeFocused();
  for (const focused of ['the toast', 'its close button']) {
    const ring = await focusRing(page, '.success-toast');
    expect(ring.style, focused).toBe('solid 2px');
    expect(ring.contrast, focused).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('Tab');
    if (focused === 'the toast') await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
  }
});

test('Escape closes the wizard and it opens again empty, on step 1', { tag: '@one-viewport' }, async ({ page }) => {
  const dialog = await openWizard(page);
  await dialog.getByLabel('Full name').fill('Grace');
  await dialog.getByLabel('Work email').fill('grace@example.com');
  await dialog.getByLabel('Company name').fill('Navy');
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await expect(dialog.getByLabel('Tell us your role')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 2 of 5/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  await expect(dialog.getByText(/^Step 1 of 5/)).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toHaveValue('');
});

/** Every element of a dialog that receives focus from now on, by its name attribute or its text. */
async function recordFocusInDialogs(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as Window & { focused?: string[] }).focused = seen;
    document.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      if (target.closest('dialog'))
        seen.push(`${target.tagName.toLowerCase()} ${target.getAttribute('name') ?? target.textContent?.trim()}`);
    });
  });
  return () => page.evaluate(() => (window as Window & { focused?: string[] }).focused);
}

test('opening the wizard moves focus once, straight to its first field', { tag: '@one-viewport' }, async ({ page }) => {
  const join = page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  // A tap on the waiting form, and one made before the island has loaded (replayed once it has,
  // which renders the form and then opens it).
  for (const waitForForm of [true, false]) {
    await page.goto(PROGRAM);
    if (waitForForm) await page.locator('dialog form input').first().waitFor({ state: 'attached' });
    const focused = await recordFocusInDialogs(page);
    await join.click();
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    // Not the Close button first (where showModal puts focus by itself), then the field.
    expect(await focused()).toEqual(['input name']);
  }
});

test('a tap on Join shows the wizard in the next frame, and makes it modal after that frame', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await page.goto(PROGRAM);
  await page.locator('dialog:not([open]) form input').first().waitFor({ state: 'attached' });
  const frameAfterTap = await watchFrameAfterClick(page, 'dialog:has(form)');
  const join = page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first();
  await join.click();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  // Shown above the page, not yet modal: the page behind is not restyled inert in the tap.
  expect(await frameAfterTap()).toMatchObject({
    open: true,
    modal: false,
    visibility: 'visible',
    atCentre: true,
    focused: 'Join the Waiting List',
  });
  // Then modal, as the wizard always is once open: Escape closes it and gives focus back to Join.
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expect(dialog).not.toHaveAttribute('data-opening');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(join).toBeFocused();
});

test.describe('for a visitor who prefers reduced motion', { tag: '@one-viewport' }, () => {
  test.use({ reducedMotion: 'reduce' });

  test('opening the wizard by keyboard still puts focus on its first field, and Escape gives it back', async ({
    page,
  }) => {
    await page.goto(PROGRAM);
    const join = page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first();
    await join.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await page.keyboard.type('Ada');
    await expect(dialog.getByLabel('Full name')).toHaveValue('Ada');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(join).toBeFocused();
  });
});

test('the closed wizard waits laid out but invisible: out of the accessibility tree, the focus order and reach', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await page.goto(PROGRAM);
  // Its form is mounted while the browser is idle, and laid out where the dialog opens, so the tap
  // that opens it only shows it.
  const field = page.locator('dialog form input').first();
  await field.waitFor({ state: 'attached' });
  await expect.poll(() => field.evaluate((input) => input.getBoundingClientRect().width)).toBeGreaterThan(0);
  await expect(field).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const centre = await page.locator('dialog:has(form)').evaluate((dialog) => {
    const box = dialog.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
  expect(await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('dialog')), centre)).toBe(
    false,
  );
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog:not([open])')))).toBe(false);
  }
});

test('behind the wizard only the page in view is rendered, and a step restyles the dialog alone', async ({
  page,
  browser,
  browserName,
}) => {
  test.skip(browserName !== 'chromium', 'what is restyled is read from Chromium’s trace');
  await page.goto(PROGRAM);
  // Taken before the wizard opens: the page behind a modal is inert, out of the accessibility tree.
  const footerLink = await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).elementHandle();
  const rendered = () => footerLink!.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
  expect(await rendered()).toBe(true);
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await expect(dialog).toBeVisible();
  await expect.poll(rendered).toBe(false);

  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Work email').fill(uniqueEmail('restyle'));
  await dialog.getByLabel('Company name').fill('Analytical Engines');
  await dialog.getByRole('radio', { name: 'Executive' }).check();
  // Each style pass from Next to step 2 on screen, by how many elements it restyled (Chromium's trace).
  const elements = await dialog.locator('*').count();
  const restyled = await elementsRestyledDuring(browser, page, async () => {
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(/^Step 2 of 5/)).toBeVisible();
  });
  expect(restyled.length).toBeGreaterThan(0);
  // The step's own elements at most, never the page behind it (a :has() above the dialog restyled
  // every rendered element of the page at each step: 192 against 25).
  expect(Math.max(...restyled)).toBeLessThanOrEqual(elements);

  // Closed, the page out of view stays unrendered until it is scrolled to.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await rendered()).toBe(false);
  await footerLink!.scrollIntoViewIfNeeded();
  await expect.poll(rendered).toBe(true);
});

test('a double click on Submit, then a retry after a lost answer: two requests, one key, one lead', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const email = uniqueEmail('double');
  const dialog = await openWizard(page);
  await completeSteps(dialog, email);
  // The first answer is lost on the way back (the server has stored the lead, the browser sees a
  // network error), so the visitor sends again: the second request must be recognized by its key.
  const sent: { key: string | null; status: number; id: unknown }[] = [];
  await page.route('**/api/waitlist', async (route) => {
    const response = await route.fetch();
    const { id } = (await response.json()) as { id?: unknown };
    sent.push({ key: await route.request().headerValue('idempotency-key'), status: response.status(), id });
    if (sent.length === 1) await route.abort('connectionreset');
    else await route.fulfill({ response });
  });
  await dialog.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(dialog.getByRole('alert')).toContainText('We could not reach our server');
  expect(sent).toHaveLength(1); // the double click sent once: the button is disabled while sending
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  expect(sent).toHaveLength(2);
  const [first, second] = sent;
  expect(first?.key).toBeTruthy();
  expect(first?.status).toBe(201);
  expect(second).toEqual(first); // same key, and the server answered with the same lead
  expect(storedLeads(email)).toHaveLength(1);
});

test('when the server fails: an error notice with Try again, every value kept, and the retry stores once', async ({
  page,
}) => {
  const email = uniqueEmail('retry');
  const dialog = await openWizard(page);
  await completeSteps(dialog, email);
  await page.route('**/api/waitlist', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message: 'Storage is unavailable.' }),
    }),
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const notice = dialog.getByRole('alert');
  await expect(notice).toContainText('We could not add you to the waiting list');
  await expect(notice).toContainText('Storage is unavailable. Your answers are kept.');
  // Focus is not left on the page, where the disabled Submit dropped it: it is on the way forward.
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();
  await expectNoAxeViolations(page);
  await expect(dialog.getByText(/^Step 5 of 5/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Previous' }).click();
  await expect(dialog.getByRole('radio', { name: '$10,000–$25,000' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  expect(storedLeads(email)).toHaveLength(0);

  await page.unrouteAll();
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  expect(storedLeads(email)).toHaveLength(1);
});

test.describe('closed while its answers are on their way', { tag: '@one-viewport' }, () => {
  /** Holds the wizard's send until `answer` is called, so the dialog can be closed meanwhile. */
  async function holdSend(page: Page) {
    let release: (status: number) => void = () => {};
    const answered = new Promise<number>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/waitlist', async (route) => {
      const status = await answered;
      if (status === 201) await route.continue();
      else
        await route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'error', message: 'Storage is unavailable.' }),
        });
    });
    return { answer: (status: number) => release(status) };
  }

  async function closeWhileSending(page: Page, email: string) {
    const dialog = await openWizard(page);
    await completeSteps(dialog, email);
    const send = await holdSend(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    return { dialog, send };
  }

  test('a send that fails opens the wizard again on the failure, every answer kept', async ({ page }) => {
    const email = uniqueEmail('closed-failure');
    const { dialog, send } = await closeWhileSending(page, email);
    send.answer(503);
    await expect(dialog.getByRole('alert')).toContainText('Storage is unavailable. Your answers are kept.');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();
    // Opened on step 5, the dialog marks only that step's field for its focusing steps.
    await expect(dialog.locator('[autofocus]')).toHaveCount(1);
    await expect(dialog.locator('[autofocus]')).toHaveAccessibleName(/Anything else/);
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expect(dialog.getByRole('radio', { name: '$10,000–$25,000' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await page.unrouteAll();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Success!')).toBeVisible();
    expect(storedLeads(email)).toHaveLength(1);
  });

  test('a send that is stored still says so, and the wizard opens again empty', async ({ page }) => {
    const email = uniqueEmail('closed-stored');
    const { dialog, send } = await closeWhileSending(page, email);
    send.answer(201);
    await expect(page.getByText('Success!')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(storedLeads(email)).toHaveLength(1);
    await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
    await expect(dialog.getByText(/^Step 1 of 5/)).toBeVisible();
    await expect(dialog.getByLabel('Full name')).toHaveValue('');
  });
});

test('on a 320 px phone, a failed send leaves the title, the notice and both buttons in view', {
  tag: '@one-viewport',
}, async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  const dialog = await openWizard(page);
  await completeSteps(dialog, uniqueEmail('small-failure'));
  await page.route('**/api/waitlist', (route) => route.abort('connectionrefused'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toContainText('We could not reach our server');
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();
  // The dialog clips what does not fit (only the step's own fields scroll): every part of the way on is whole on screen.
  for (const part of [
    dialog.getByRole('heading', { name: 'Join the Waiting List' }),
    dialog.getByRole('alert'),
    dialog.getByRole('button', { name: 'Previous' }),
    dialog.getByRole('button', { name: 'Try again' }),
  ])
    await expect(part).toBeInViewport({ ratio: 1 });
});

test('keyboard only: from the Join link through every step to the success message', { tag: '@one-viewport' }, async ({
  page,
}) => {
  const email = uniqueEmail('keyboard');
  await page.goto(PROGRAM);
  const join = page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first();
  await join.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await page.keyboard.type('Katherine Johnson');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Langley Research');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio', { name: 'Innovation Leader' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter'); // submits the step's form: Next
  await expect(dialog.getByText(/^Step 2 of 5/)).toBeVisible();
  await expect(dialog.getByRole('checkbox').first()).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^Step 3 of 5/)).toBeVisible();
  await expect(dialog.getByRole('checkbox').first()).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^Step 4 of 5/)).toBeVisible();
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^Step 5 of 5/)).toBeVisible();
  await expect(dialog.getByLabel('Anything else we should know?')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Success!')).toBeVisible();
  expect(storedLeads(email)).toHaveLength(1);
});

test('a refused Next is announced even where focus is already on the first answer it refuses', {
  tag: '@one-viewport',
}, async ({ page }) => {
  const dialog = await openWizard(page);
  // The field to fix has focus already: focus cannot move to it, so nothing would be read but this.
  const announced = dialog.getByRole('status');
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await expect(announced).toHaveText(
    'There is a problem with 4 answers. Full name: Name is required. Work email: Invalid email address. ' +
      'Company name: Company name is required. Your role: Please select an option.',
  );

  await dialog.getByLabel('Full name').fill('Ada Lovelace');
  await dialog.getByLabel('Work email').fill(uniqueEmail('announced'));
  await dialog.getByLabel('Company name').fill('Analytical Engines');
  await dialog.getByRole('radio', { name: 'Executive' }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/^Step 2 of 5/)).toBeVisible();
  // A new step starts with nothing said about the last one.
  await expect(announced).toHaveText('');
  // Enter on the first option, focused and left unticked.
  await expect(dialog.getByRole('checkbox').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(announced).toHaveText(
    'There is a problem with one answer. What do you want to achieve? Please select at least one option.',
  );
  await expectNoAxeViolations(page);
});

test('/waitlist, from an offer page: Back from the joined page after a refused post shows the form, not a browser error', {
  tag: '@one-viewport',
}, async ({ page }) => {
  // Offer pages have no wizard: their Join leads here, with JavaScript on.
  await page.goto('/offer/ai-advantage-lab');
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  await expect(page).toHaveURL(/\/waitlist\?program=/);
  await page.getByLabel('Full name').fill('Dorothy Vaughan');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();

  await page.getByLabel('Work email').fill(uniqueEmail('back-after-post'));
  await page.getByLabel('Company name').fill('West Computing');
  await page.getByRole('radio', { name: 'Executive' }).check();
  await page
    .getByRole('group', { name: /What do you want to achieve/ })
    .getByRole('checkbox')
    .first()
    .check();
  await page
    .getByRole('group', { name: /What frustrates you most/ })
    .getByRole('checkbox')
    .first()
    .check();
  await page.getByRole('radio', { name: 'Under $2,500' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/waitlist\/joined/);

  // The refused post's page could be shown again only by posting again: Chrome shows "Confirm Form
  // Resubmission" (net::ERR_CACHE_MISS) in its place. Back shows the form, empty, as a fresh visit.
  await page.goBack();
  await expect(page).toHaveURL(/\/waitlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join the Waiting List' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('Join leads to /waitlist: errors in place with values kept, then /waitlist/joined and a stored lead', async ({
    page,
  }) => {
    const email = uniqueEmail('nojs');
    await page.goto(PROGRAM);
    await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
    await expect(page).toHaveURL(/\/waitlist\?program=orchestration$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Waiting List' })).toBeVisible();

    await page.getByLabel('Full name').fill('Mary Jackson');
    const invalid = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await invalid).status()).toBe(400);
    // The form posts to its own page: the errors are shown there, never on an API address.
    await expect(page).toHaveURL(/\/waitlist$/);
    // An error summary at the top, focused on load, links to each field in the form's order, each
    // named by its question, since role and investment share a message.
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading')).toHaveText('There is a problem with 6 answers');
    await expect(summary.getByRole('link')).toHaveText([
      'Work email: Invalid email address',
      'Company name: Company name is required',
      'Your role: Please select an option',
      'What do you want to achieve? Please select at least one option',
      'What frustrates you most today? Please select at least one frustration',
      'What are you prepared to invest? Please select an option',
    ]);
    await expect(summary.getByRole('link', { name: 'Work email: Invalid email address' })).toHaveAttribute(
      'href',
      '#waitlist-email',
    );
    await expect(
      summary.getByRole('link', { name: 'What do you want to achieve? Please select at least one option' }),
    ).toHaveAttribute('href', '#waitlist-goal');
    await expect(summary.getByRole('link', { name: 'Your role: Please select an option' })).toHaveAttribute(
      'href',
      '#waitlist-role',
    );
    await expect(
      summary.getByRole('link', { name: 'What are you prepared to invest? Please select an option' }),
    ).toHaveAttribute('href', '#waitlist-investment');
    // And each message again at its field, tied to it.
    await expect(page.getByLabel('Work email')).toHaveAccessibleDescription(/Invalid email address$/);
    await expect(page.getByRole('group', { name: /What do you want to achieve/ })).toHaveAccessibleDescription(
      /Please select at least one option$/,
    );
    await expect(page.getByLabel('Full name')).toHaveValue('Mary Jackson');
    await expect(page.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');
    await summary.getByRole('link', { name: 'Company name: Company name is required' }).click();
    await expect(page.getByLabel('Company name')).toBeFocused();

    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Company name').fill('Langley');
    await page.getByRole('radio', { name: 'Product Strategy or Design Leader' }).check();
    await page
      .getByRole('group', { name: /What do you want to achieve/ })
      .getByRole('checkbox')
      .first()
      .check();
    await page
      .getByRole('group', { name: /What frustrates you most/ })
      .getByRole('checkbox')
      .first()
      .check();
    await page.getByRole('radio', { name: '$25,000+' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/waitlist\/joined\?program=orchestration$/);
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByText("You've been added to the waiting list. We'll be in touch soon.")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(page.getByText(/reply by email within a few business days/)).toBeVisible();
    const leads = storedLeads(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.source_program).toBe('orchestration');

    // A reload asks for the success page again and sends nothing: still one lead.
    const reload = await page.reload();
    expect(reload?.request().method()).toBe('GET');
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    expect(storedLeads(email)).toHaveLength(1);

    await page.getByRole('link', { name: /^Back to / }).click();
    await expect(page).toHaveURL(new RegExp(`${PROGRAM}$`));
  });

  test('"Tell us your role" appears once Other is chosen, and comes back with an answer that was sent', async ({
    page,
  }) => {
    await page.goto('/waitlist');
    const roleOther = page.getByLabel('Tell us your role');
    await expect(roleOther).toBeHidden();
    await page.getByRole('radio', { name: 'Executive' }).check();
    await expect(roleOther).toBeHidden();
    await page.getByRole('radio', { name: 'Other' }).check();
    await expect(roleOther).toBeVisible();
    await roleOther.fill('Chief of Staff');
    await page.getByRole('radio', { name: 'Executive' }).check();
    await expect(roleOther).toBeHidden();
    // Sent with the other role (and the other answers missing): shown again, since it holds an answer.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
    await expect(roleOther).toBeVisible();
    await expect(roleOther).toHaveValue('Chief of Staff');
  });

  test('the success page links home when no known program came with it', async ({ page }) => {
    await page.goto('/waitlist/joined?program=no-such-program');
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});

// axe needs script in the page, so the plain form is checked in a normal context (it ships no script of its own).
test('the plain /waitlist form has no accessibility violations, empty and with errors shown', async ({ page }) => {
  await page.goto('/waitlist?program=ripple-effect');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name is required');
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await expectNoAxeViolations(page);
});
