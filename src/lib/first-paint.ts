/**
 * What waits for the first paint, and the names the build, the layout and the browser share for it.
 *
 * The first paint never waits for the web font. Astro's <Font> declares the family and a
 * metric-matched local fallback face, and points a CSS variable at both: with that in use from the
 * start, the browser fetches the woff2 while it lays out the first frame (and Lighthouse counts the
 * font against the first paint, about 0.3 s of simulated LCP on every route). This derives, from
 * Astro's own CSS, one more rule: until `<html>` has the `webfont` class (set by
 * src/browser/web-font.ts before the first frame when this visit has already fetched the font), the
 * body is set in the fallbacks only, so the first frame uses the size-adjusted fallback and nothing
 * is fetched for it. The first page of a visit fetches the font after its first contentful paint and
 * keeps the fallback: the font comes in from the next page on, never under a visitor's eyes.
 *
 * The rule sets the body's font-family (the one element that names the font: src/styles/global.css)
 * rather than the variable on <html>: one element changes, and the page takes the font by inheritance.
 */

/** The class on <html> that lets the web font in. */
export const WEB_FONT_CLASS = 'webfont';

/** The sessionStorage key that says this visit has the web font in the browser's cache. */
export const WEB_FONT_CACHED_KEY = 'webfont-cached';

/**
 * Marks a script the build set aside until after the first paint (src/integrations/astro-internals/island-scripts.mjs
 * writes `<template data-deferred-script="/_astro/island-….js" data-island-runtime>`, the layout one
 * for visitor analytics; src/browser/deferred-scripts.ts starts them).
 */
export const DEFERRED_SCRIPT_ATTRIBUTE = 'data-deferred-script';

/**
 * Marks, beside DEFERRED_SCRIPT_ATTRIBUTE, the deferred script that is Astro's island runtime: only
 * its failure leaves the clicks held for the islands with nothing to replay them. Another deferred
 * script (visitor analytics, which a content blocker may refuse) failing changes nothing for them.
 */
export const ISLAND_RUNTIME_ATTRIBUTE = 'data-island-runtime';

/**
 * Marks the page's inert speculation rules (src/lib/speculation-rules.ts): a `<template>` that
 * src/browser/speculation.ts makes live once the page has loaded and the browser is idle. Its value
 * lists the page's likely next paths (space-separated), whose links the script marks with
 * LIKELY_NEXT_ATTRIBUTE for the rules to find.
 */
export const SPECULATION_RULES_ATTRIBUTE = 'data-speculation-rules';
export const LIKELY_NEXT_ATTRIBUTE = 'data-likely-next';

/**
 * Given the CSS Astro renders for one font family, returns the rule that keeps the family out of the
 * first paint, and the one that puts it back for visitors without JavaScript (inside <noscript>,
 * after the first). Throws when the CSS does not declare the variable or names no fallback, so a
 * change in Astro's output fails the build rather than quietly bringing the font back before first paint.
 */
export function firstPaintFontRules(fontCss: string, cssVariable: string): { firstPaint: string; noScript: string } {
  const at = fontCss.indexOf(`${cssVariable}:`);
  if (at === -1) throw new Error(`The font CSS does not declare ${cssVariable}`);
  const families = splitFamilies(fontCss.slice(at + cssVariable.length + 1).split(/[;}]/, 1)[0]!);
  const fallbacks = families.slice(1);
  if (!fallbacks.length) throw new Error(`${cssVariable} names no fallback after ${families[0]}`);
  const rule = (list: string[]) => `html:not(.${WEB_FONT_CLASS}) body{font-family:${list.join(',')}}`;
  return { firstPaint: rule(fallbacks), noScript: rule(families) };
}

/** Splits a font-family list at the commas outside quotes. */
function splitFamilies(list: string): string[] {
  return (list.match(/"[^"]*"|'[^']*'|[^,]+/g) ?? []).map((family) => family.trim()).filter(Boolean);
}
