/**
 * Navigation before the click: the Speculation Rules the pages carry, built once here.
 *
 * One rule set, the same text on every page, in the page as an inert `<template>`
 * (src/layouts/BaseLayout.astro) that src/browser/speculation.ts turns into a live
 * `<script type="speculationrules">` once the page has loaded and the browser is idle, unless the
 * visitor asked to save data or is on 2G:
 * - on intent, every same-site link is prerendered (Chrome's "moderate": a 200 ms hover on a
 *   desktop, the pointerdown or touchstart on a phone), with a prefetch of the document as the
 *   fallback where prerendering is missing or refused;
 * - at once, the links to the one or two pages a reader of this page most often opens next (the
 *   page names them in the template; the script marks their links) are prerendered.
 *
 * Because the text is in the HTML, the server's CSP lists its sha256 like any inline script's
 * (src/server/http/inline-script-hashes.ts reads them from the built pages), and the browser checks
 * the live script against it. The same text on every page keeps that to one hash, which the pages
 * rendered on demand share.
 */
import { routes } from '../config/routes.ts';
import { LIKELY_NEXT_ATTRIBUTE } from './first-paint.ts';

/**
 * At most this many pages are prerendered ahead of intent per page: each is one document of at
 * most 14.6 KB compressed (tests/e2e/budgets.spec.ts) plus its first-paint work, so about 30 KB,
 * and the code of its islands (src/browser/island-modules.ts: about 14 KB on Results, mostly
 * Preact, which a visitor who has seen any page with an island already has), and two renders on a
 * visitor's data plan and battery.
 */
export const LIKELY_NEXT_LIMIT = 2;

/**
 * URL paths never speculated (URL pattern syntax): what has an effect or is personal (the
 * waiting-list form and its confirmation), the APIs, and any file (a path with an extension: the
 * sitemap, feeds, images). Posts never are: the rules only ever follow links.
 */
const NEVER_SPECULATED: readonly string[] = [`${routes.waitlist()}{/*}?`, '/api/*', '/*.*'];

/**
 * The editor's pages (the CMS), never speculated either; named in the rules only in builds that carry
 * the editor, because a build without it (CMS_MODE=off) mentions the CMS nowhere
 * (tests/e2e/cms-off.spec.ts).
 */
const EDITOR_NEVER_SPECULATED = '/keystatic{/*}?';

/**
 * The rule set, the same on every page of a build. `withEditor`: the build carries the editor
 * (CMS_MODE local or github), whose pages are excluded too.
 */
export function speculationRules({ withEditor }: { withEditor: boolean }): string {
  const never = withEditor ? [...NEVER_SPECULATED, EDITOR_NEVER_SPECULATED] : NEVER_SPECULATED;
  // Patterns as objects: the origin comes from the page, and the query and fragment match anything
  // (so /waitlist?program=… is excluded too). Paths only, save for the marked links: matching links
  // by CSS selector makes the browser track their style.
  const sameSiteLinks = [
    { href_matches: { pathname: '/*' } },
    { not: { href_matches: never.map((pathname) => ({ pathname })) } },
  ];
  return JSON.stringify({
    prerender: [
      { where: { and: sameSiteLinks }, eagerness: 'moderate' },
      {
        where: { and: [{ selector_matches: `a[${LIKELY_NEXT_ATTRIBUTE}]` }, ...sameSiteLinks] },
        eagerness: 'immediate',
      },
    ],
    prefetch: [{ where: { and: sameSiteLinks }, eagerness: 'moderate' }],
  });
}

/** Whether a path may be speculated (the exclusions of NEVER_SPECULATED and the editor's). */
export function isSpeculable(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const waitlist = routes.waitlist();
  return (
    pathname.startsWith('/') &&
    !pathname.startsWith('//') &&
    pathname !== waitlist &&
    !pathname.startsWith(`${waitlist}/`) &&
    !pathname.startsWith('/api/') &&
    pathname !== '/keystatic' &&
    !pathname.startsWith('/keystatic/') &&
    !/\.[^/]*$/.test(pathname)
  );
}

/**
 * A page's likely next pages, as the template's value: the given paths (most likely first) that may
 * be speculated, at most LIKELY_NEXT_LIMIT, space-separated (empty when none is left).
 */
export function likelyNextPaths(paths: readonly string[], currentPath: string): string {
  return [...new Set(paths)]
    .filter((path) => path !== currentPath && isSpeculable(path))
    .slice(0, LIKELY_NEXT_LIMIT)
    .join(' ');
}
