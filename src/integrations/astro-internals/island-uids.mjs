import { createHash } from 'node:crypto';

/**
 * Astro names each island (`<astro-island uid>`) by a hash that takes in the absolute path of the
 * component's source file, so the same page built in another checkout differs in those bytes, and
 * its brotli size by 20-40 bytes: /results, within that of its first round trip
 * (tests/e2e/budgets.spec.ts), passed in one checkout and failed in another. Nothing in the browser
 * reads the uid (Astro's island runtime does not); it only has to be unique on the page. Derived
 * instead from the island's own markup and its place on the page, it is the same wherever the site
 * is built (island-scripts.mjs applies it to every built page with an island; pages rendered on
 * demand keep Astro's). tests/unit/integrations/astro-internals/island-uids.test.ts checks both.
 * @param {string} html
 */
export function checkoutIndependentIslandUids(html) {
  let index = 0;
  return html.replace(/<astro-island uid="[^"]*"([^>]*)>/g, (_tag, rest) => {
    const uid = createHash('sha256').update(`${index++}${rest}`).digest('base64url').slice(0, 6);
    return `<astro-island uid="${uid}"${rest}>`;
  });
}
