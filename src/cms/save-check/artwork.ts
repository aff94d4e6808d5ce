/**
 * An uploaded image (Keystatic sends it as one more file of the save, in its field's folder:
 * src/assets/art/<collection>/<entry>/image.<extension>) must be an SVG file, named and made as one:
 * the site draws its artwork as SVG (src/content/schemas/fields.ts artwork()). And a drawing only:
 * a script in it would run on the page that draws it inline (src/lib/content/svg-scripts.ts).
 */
import { hasScripts } from '../../lib/content/svg-scripts.ts';
import { type CmsConfig, collectionsOf, type Entry, fieldsIn, SLUG } from './entries.ts';

/** An SVG document: an XML declaration, comments or a doctype at most, then its <svg> element. */
const SVG = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s/>]/i;

/** The image field (and the entry) an uploaded file belongs to, if it is one. */
export function uploadOf(config: CmsConfig, file: string): { entry: Entry; labels: string[] } | undefined {
  for (const collection of collectionsOf(config)) {
    for (const [field, labels] of fieldsIn(collection.schema)) {
      if (field.formKind !== 'asset' || !field.directory || !file.startsWith(`${field.directory}/`)) continue;
      const slug = file.slice(field.directory.length + 1).split('/')[0];
      if (slug && SLUG.test(slug)) return { entry: { ...collection, slug }, labels };
    }
  }
  return undefined;
}

/** undefined when the uploaded file is an SVG; otherwise what is wrong with it, after its field's label. */
export function svgProblem(file: string, contents: Buffer, labels: string[]): string | undefined {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const field = `"${labels.join(' › ')}"`;
  const text = contents.toString('utf8');
  if (!name.endsWith('.svg') || !SVG.test(text))
    return `${field} must be an SVG file (a name ending in .svg), and ${name} is not one`;
  try {
    if (hasScripts(text))
      return `${field} must be a drawing only, and ${name} holds a script (a <script>, an "on…" attribute or a javascript: link)`;
  } catch {
    return `${field} must be a well-formed SVG file, and ${name} cannot be read as one`;
  }
  return undefined;
}
