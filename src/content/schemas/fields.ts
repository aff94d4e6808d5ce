/**
 * The building blocks every content schema is made of. Objects are strict: a misspelt field is an
 * error, not silently ignored, so `astro build` names the file and the field to fix.
 */
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { topicIconNames } from '../../lib/topic-icons.ts';

/** A strict object: any field not listed here fails the build. */
export const fields = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();

export const text = () => z.string().trim().min(1);
export const list = (min = 1) => z.array(text()).min(min);
/** Internal order on the page that lists the collection (1 first). */
export const order = () => z.number().int().min(1);
/**
 * Artwork (a case study's, a program's, an offer's, a solution's) is an SVG file: one file draws sharp
 * at every width (src/components/ui/Artwork.tsx), and the case study, program and offer pages draw
 * theirs inline (src/lib/content/artwork.ts). Any other image is refused here, naming the file and
 * the field, rather than by a page that cannot draw it. `image` is the collection's own image().
 */
export const artwork = (image: SchemaContext['image']) => {
  const file = image();
  return z
    .string()
    .regex(/\.svg$/, 'must be an SVG file (a name ending in .svg): the pages draw their artwork as SVG')
    .pipe(file as unknown as z.ZodType<z.output<typeof file>, string>);
};

const DATE_FORMAT = 'must be a date written as year-month-day, e.g. 2026-02-10';

/** A calendar date as the editor writes it (year-month-day), and a day the calendar has. */
const isoDate = z.string().refine((text) => {
  const day = new Date(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}, DATE_FORMAT);

/**
 * A date, as the editor's date field opens it: YAML's date (`published: 2026-02-10`, unquoted) or
 * the same in quotes. The build once read anything else its own way, and the editor could not open
 * the entry: "10/02/2026" as 2 October, "February 10, 2026"; "2026-02-30" became 2 March.
 */
export const date = () => z.union([z.date(), isoDate], { error: DATE_FORMAT }).pipe(z.coerce.date());

/** Alt text: empty (or left out, as the editor writes an emptied field) marks decorative artwork. */
export const alt = () => z.string().default('');

export const seo = () => fields({ title: text().max(70), description: text().min(50).max(170) });

/** The light page hero shared by About, CIE, Solutions, Results and POV. */
export const hero = () => fields({ eyebrow: text(), title: text(), intro: text() });

/** A closing call to action: its headline and the line under it (the buttons come from the page). */
export const cta = () => fields({ headline: text(), subtext: text() });

/** An item with a heading and a paragraph: an expertise area, a reason, a principle. */
export const titled = () => fields({ title: text(), description: text() });

/** A headline figure, e.g. { value: "5-10 hours", label: "saved per week" }. */
export const figure = () => fields({ value: text(), label: text() });

/** A topic icon: the keys of the icon map in src/lib/topic-icons.ts. */
export const icon = () => z.enum(topicIconNames);
