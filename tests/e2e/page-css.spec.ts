import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { publicRoutes } from '../support/routes.ts';

/**
 * Each page ships only the CSS rules it can use (src/lib/prune-page-css.ts), and islands that wait for
 * the visitor bring the site stylesheet along (src/build/page-css.mjs). The proof that this
 * never changes what a visitor sees: put the site's whole stylesheet back into the page and
 * compare every element's computed style, pseudo-elements included, before and after, here and in
 * the states that scripts create (open menus and dialogs, errors, filtered lists, loaded articles).
 */
const originals: { stylesheets: Record<string, string>; pages: Record<string, string[]> } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'page-css', 'originals.json'), 'utf8'),
);
const BANNER = '/*! tailwindcss';
const siteStylesheets = [...new Set(Object.values(originals.pages).flat())]
  .map((hash) => originals.stylesheets[hash]!)
  .filter((css) => css.startsWith(BANNER));

/** Computed styles that differ once the whole stylesheet is back (at most 10, described). */
function differencesFromWholeStylesheet(page: Page, whole: string) {
  return page.evaluate(
    ({ whole, banner }) => {
      // Pseudo-elements are costly to read whole: only those that exist (or could) are compared.
      const pseudosOf = (element: Element) => {
        const pseudos: string[] = [];
        for (const pseudo of ['::before', '::after'])
          if (getComputedStyle(element, pseudo).content !== 'none') pseudos.push(pseudo);
        if (element.matches('li, summary')) pseudos.push('::marker');
        if (element.matches('input, textarea')) pseudos.push('::placeholder');
        if (element.matches('dialog, [popover]')) pseudos.push('::backdrop');
        return pseudos;
      };
      const read = (style: CSSStyleDeclaration) => {
        const values: string[] = [];
        // Custom properties are left out: Tailwind's unused ones go with their rules and paint nothing.
        for (const name of style) if (!name.startsWith('--')) values.push(`${name}:${style.getPropertyValue(name)}`);
        return values.join(';');
      };
      const snapshot = (elements: Element[]) =>
        elements.map((element) =>
          [null, ...pseudosOf(element)]
            .map((pseudo) => `${pseudo ?? ''}{${read(getComputedStyle(element, pseudo))}}`)
            .join(''),
        );
      const describeElement = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 4).join('.')}`;
      const styles = [...document.querySelectorAll('style')].filter((style) => style.textContent?.startsWith(banner));
      if (styles.length !== 1) return [`expected one site stylesheet in the page, found ${styles.length}`];
      const style = styles[0]!;
      // A transition would report a changed value as its starting point, hiding the difference; and
      // blocks skipped by content-visibility would resolve sizes from estimates that change as they render.
      const still = document.head.appendChild(document.createElement('style'));
      still.textContent =
        '*,*::before,*::after,*::backdrop{transition:none!important;animation:none!important;content-visibility:visible!important}';
      const elements = [...document.querySelectorAll('*')];
      const pruned = snapshot(elements);
      const prunedText = style.textContent!;
      // An island that waits for the visitor brings the site stylesheet when it loads (data-stylesheet): the
      // comparison is with the whole stylesheet in the page and nothing else.
      const brought = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      for (const link of brought) link.disabled = true;
      style.textContent = whole;
      const restored = snapshot(elements);
      style.textContent = prunedText;
      for (const link of brought) link.disabled = false;
      still.remove();
      const differences: string[] = [];
      pruned.forEach((value, index) => {
        if (value === restored[index] || differences.length >= 10) return;
        const before = value.split(/[;{}]/);
        const changed = restored[index]!.split(/[;{}]/)
          .filter((declaration) => !before.includes(declaration))
          .slice(0, 3);
        differences.push(
          `${describeElement(elements[index]!)}: ${changed.join(' ') || 'a pseudo-element appears or goes'}`,
        );
      });
      return differences;
    },
    { whole, banner: BANNER },
  );
}

async function expectSameRendering(page: Page) {
  expect(await differencesFromWholeStylesheet(page, siteStylesheets[0]!)).toEqual([]);
}

test('every page inlines the same site stylesheet before pruning', () => {
  expect(siteStylesheets).toHaveLength(1);
});

for (const route of publicRoutes()) {
  test(`${route} renders exactly as with the whole stylesheet, and ships less of it`, async ({ page, request }) => {
    await page.goto(route);
    await expectSameRendering(page);
    const html = await (await request.get(route)).text();
    const shipped = html.match(/<style>(\/\*! tailwindcss[\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(shipped.length).toBeGreaterThan(0);
    expect(shipped.length).toBeLessThan(siteStylesheets[0]!.length * 0.75);
  });
}

test('pages in their scripted states render exactly as with the whole stylesheet', async ({ page, viewport }) => {
  test.slow(); // five pages, each styled twice in full
  // The header's menu: the drawer on a phone, the Programs menu on a desktop.
  await page.goto('/');
  if ((viewport?.width ?? 0) < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
  else await page.getByRole('button', { name: 'Programs' }).click();
  await expectSameRendering(page);

  // The waiting-list dialog with step 1's errors showing.
  await page.goto('/program/orchestration');
  await page.getByRole('main').getByRole('link', { name: 'Join the Waiting List' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join the Waiting List' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Name is required', { exact: true })).toBeVisible();
  await expectSameRendering(page);

  // The Results list filtered.
  await page.goto('/results');
  await page.getByRole('button', { name: 'Retail', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Retail', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectSameRendering(page);

  // Point of View with its articles loaded.
  await page.goto('/pov');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectSameRendering(page);

  // The plain waiting-list form (rendered per request) after a post with errors.
  await page.goto('/waitlist');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The message stands twice: in the error summary at the top (a link) and under its field.
  await expect(page.getByRole('link', { name: 'Name is required', exact: true })).toBeVisible();
  await expect(page.getByText('Name is required', { exact: true }).last()).toBeVisible();
  await expectSameRendering(page);
});
