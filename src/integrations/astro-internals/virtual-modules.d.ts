/**
 * Astro's own map of the CSS its <Font> component renders (not a public API; only font-css.ts
 * imports it).
 */
declare module 'virtual:astro:assets/fonts/internal' {
  export const componentDataByCssVariable: Map<string, { css: string }>;
}
