/**
 * Artwork is drawn inline on the pages (`inlineSvg` in artwork.ts), where a script of an SVG would
 * run as the page's own: the server allows every inline script a built page holds
 * (src/server/http/inline-script-hashes.ts). So no SVG brings one: the build takes out every
 * script, event handler and javascript: link of an SVG it draws (astro.config.mjs), and the editor
 * refuses an upload that has any (src/cms/save-check/artwork.ts). svgo's own rule, which knows the
 * forms a script takes in SVG and in the XHTML an SVG may hold.
 */
import { type Config, optimize } from 'svgo';

/** svgo's settings for the build: that one rule, and no other change to the drawing. */
export const withoutScripts: Config = { plugins: ['removeScripts'] };

/**
 * Whether an SVG holds anything the build would take out as a script; throws when it is not
 * well-formed XML, which the build refuses too.
 */
export function hasScripts(svg: string): boolean {
  return optimize(svg, { plugins: [] }).data !== optimize(svg, withoutScripts).data;
}
