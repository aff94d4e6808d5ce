import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The proof that per-page CSS (src/lib/prune-page-css.ts, src/build/page-css.mjs) never changes what
 * a visitor sees: put the site's whole stylesheet back into the page and compare every element's
 * computed style, pseudo-elements included, before and after.
 */
const originals: { stylesheets: Record<string, string>; pages: Record<string, string[]> } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'page-css', 'originals.json'), 'utf8'),
);
/** Tailwind's output is the one stylesheet with a base layer (its preflight), pruned or whole. */
const SITE_STYLESHEET_MARK = '@layer base{';
/** The site stylesheet before pruning (one, the same on every page: page-css.spec.ts checks it). */
export const siteStylesheets = [...new Set(Object.values(originals.pages).flat())]
  .map((hash) => originals.stylesheets[hash]!)
  .filter((css) => css.includes(SITE_STYLESHEET_MARK));

/** The site stylesheet a page's HTML carries, pruned ('' when it has none). */
export const shippedSiteStylesheet = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)]
    .map((match) => match[1]!)
    .find((css) => css.includes(SITE_STYLESHEET_MARK)) ?? '';

/** Computed styles that differ once the whole stylesheet is back (at most 10, described). */
function differencesFromWholeStylesheet(page: Page, whole: string) {
  return page.evaluate(
    ({ whole, mark }) => {
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
      // Only the properties the whole stylesheet declares can differ where it is back (any other
      // property comes from the browser's defaults or inherits from an element whose declared
      // properties would differ first), so only those are read: about a third of all, and reading
      // them is most of this check's time. Custom properties are left out: Tailwind's unused ones go
      // with their rules and paint nothing, and a used one shows in the property that uses it.
      const declared = new Set<string>();
      const collect = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule)
            for (const name of rule.style) if (!name.startsWith('--')) declared.add(name);
          if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
        }
      };
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(whole);
      collect(sheet.cssRules);
      const names = [...declared];
      const read = (style: CSSStyleDeclaration) =>
        names.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';');
      const snapshot = (elements: Element[]) =>
        elements.map((element) =>
          [null, ...pseudosOf(element)]
            .map((pseudo) => `${pseudo ?? ''}{${read(getComputedStyle(element, pseudo))}}`)
            .join(''),
        );
      const describeElement = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 4).join('.')}`;
      const styles = [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes(mark));
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
      style.textContent = whole;
      const restored = snapshot(elements);
      style.textContent = prunedText;
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
    { whole, mark: SITE_STYLESHEET_MARK },
  );
}

/** Fails, naming up to ten elements, when a style differs once the whole site stylesheet is back. */
export async function expectSameRendering(page: Page) {
  expect(await differencesFromWholeStylesheet(page, siteStylesheets[0]!)).toEqual([]);
}
