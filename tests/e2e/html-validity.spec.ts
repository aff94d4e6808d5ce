import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { publicRoutes } from '../support/routes.ts';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Generated markup: React writes inline style for computed values, self-closes void elements,
    // writes attribute names in DOM-property case (popoverTarget) and boolean attributes as ="":
    // all valid HTML, since parsers lowercase attribute names.
    'no-inline-style': 'off',
    'void-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    // Lists and landmarks are named on purpose (e.g. two "Programs" lists: header and footer).
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // A group of checkboxes shares one name, like radios do.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
    // Astro's island elements and React's slot wrappers are custom elements by design.
    'no-unknown-elements': 'error',
    // Tailwind's arbitrary-value classes (e.g. h-[var(--x)]) are not BEM-like.
    'class-pattern': 'off',
  },
  elements: [
    'html5',
    {
      'astro-island': { flow: true, phrasing: true, permittedContent: ['@flow'] },
      'astro-slot': { flow: true, phrasing: true, permittedContent: ['@flow'] },
      'astro-static-slot': { flow: true, phrasing: true, permittedContent: ['@flow'] },
      // Astro writes its island bootstrap <style> right before the first island, in the body.
      style: { flow: true },
    },
  ],
});

// Markup does not depend on the viewport: one project runs it (the tag, in playwright.config.ts).
test.describe('valid HTML', { tag: '@one-viewport' }, () => {
  for (const route of [...publicRoutes(), '/no-such-page']) {
    test(`${route} has no html-validate errors`, async ({ request }) => {
      const html = await (await request.get(route)).text();
      const report = await validator.validateString(html, route);
      const errors = report.results.flatMap((result) =>
        result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId} (line ${m.line}): ${m.message}`),
      );
      expect(errors).toEqual([]);
      // What validators outside html-validate flag: a `slot` attribute Astro leaves on an element it
      // slotted into a React component (nothing here uses shadow DOM), and `sizes` without a `srcset`.
      expect(html.match(/<[a-z][\w-]*\s(?:[^>]*\s)?slot="[^"]*"[^>]*>/g) ?? [], `${route}: slot attributes`).toEqual(
        [],
      );
      expect(
        html.match(/<img\b(?![^>]*\bsrcset=)[^>]*\bsizes=[^>]*>/g) ?? [],
        `${route}: sizes without srcset`,
      ).toEqual([]);
    });
  }
});
