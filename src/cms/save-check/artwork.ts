/**
 * An uploaded image (Keystatic sends it as one more file of the save, in its field's folder:
 * src/assets/art/<collection>/<entry>/image.<extension>) must be an SVG file, named and made as one:
 * the site draws its artwork as SVG (src/content/schemas/fields.ts artwork()).
 */
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
  if (name.endsWith('.svg') && SVG.test(contents.toString('utf8'))) return undefined;
  return `"${labels.join(' › ')}" must be an SVG file (a name ending in .svg), and ${name} is not one`;
}
