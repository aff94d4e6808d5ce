/**
 * The editor's building blocks, one for each of src/content/schemas/fields.ts, with the same rules:
 * a field required there is required here, with the same lengths and lists. tests/unit/cms checks
 * every editor field against its zod field, so the two cannot drift apart.
 */
import { type ComponentSchema, fields } from '@keystatic/core';
import { EDITOR_MARKDOWN } from '../lib/content/editor-markdown-options.ts';
import { topicIconNames } from '../lib/topic-icons.ts';

interface TextOptions {
  description?: string;
  min?: number;
  max?: number;
  multiline?: boolean;
}

interface Length {
  min?: number;
  max?: number;
}

/**
 * A field's length limits in words, made from the numbers its validation uses, so that what the
 * field says and what it accepts cannot differ: "At most 240 characters.", "50 to 170 characters.",
 * "Exactly 3 items.". A minimum of 1 is not said: that is a required field, which the editor marks.
 */
function limitsInWords({ min = 0, max }: Length, unit: 'character' | 'item'): string | undefined {
  const count = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const least = min > 1 ? min : undefined;
  if (max !== undefined && least === max) return `Exactly ${count(max)}.`;
  if (max !== undefined && least !== undefined) return `${least} to ${count(max)}.`;
  if (max !== undefined) return `At most ${count(max)}.`;
  if (least !== undefined) return `At least ${count(least)}.`;
  return undefined;
}

/** A field's description followed by its limits (either may be absent), as Keystatic's option. */
const describedWith = (description: string | undefined, limits: string | undefined) => {
  const said = [description, limits].filter(Boolean).join(' ');
  return said ? { description: said } : {};
};

/** Required text (zod: text()), with optional length limits, which its description states. */
export const text = (label: string, { description, min = 1, max, multiline }: TextOptions = {}) => {
  const length = { min, ...(max ? { max } : {}) };
  return fields.text({
    label,
    ...describedWith(description, limitsInWords(length, 'character')),
    ...(multiline ? { multiline } : {}),
    validation: { isRequired: true, length, pattern: notBlank(label) },
  });
};

/** The build trims text before it checks it: a field of spaces is as empty as an empty one. */
const notBlank = (label: string) => ({ regex: /^$|\S/, message: `${label} must not be blank` });

/** Text that may be left empty (zod: text().optional()); an empty field is left out of the file. */
export const optionalText = (label: string, description?: string) =>
  fields.text({ label, ...(description ? { description } : {}), validation: { pattern: notBlank(label) } });

/**
 * The title of a collection's entry, whose address (the file's name) is made from it when it is added.
 * The address's label is kept on the field as well: the collection's list heads its column with it
 * (src/build/cms-list-columns.mjs), where Keystatic would say "Slug".
 */
export const titleAndAddress = (
  label: string,
  description: string | undefined,
  address: { label: string; description: string },
) => ({
  addressLabel: address.label,
  ...fields.slug({
    name: {
      label,
      ...(description ? { description } : {}),
      validation: { isRequired: true, pattern: notBlank(label) },
    },
    slug: {
      ...address,
      validation: {
        length: { min: 1 },
        pattern: { regex: /^[a-z0-9]+(-[a-z0-9]+)*$/, message: 'use lower-case words joined by hyphens' },
      },
    },
  }),
});

/** Longer required text, edited in a box of several lines. */
export const paragraph = (label: string, options: Omit<TextOptions, 'multiline'> = {}) =>
  text(label, { ...options, multiline: true });

/**
 * A Markdown body (a collection's `contentField`), edited with the editor's formatting toolbar. Its
 * label is kept on the field as well: Keystatic's content field keeps it to itself, and the save
 * check names the field with it (src/cms/save-check/raw-html.ts). Its options are the ones the
 * build's and the save's check that the editor can open a body parse with (EDITOR_MARKDOWN).
 */
export const markdownBody = (label: string, description: string) => ({
  ...fields.mdx({ label, description, ...EDITOR_MARKDOWN }),
  label,
});

/** Alt text: empty marks the artwork as decorative (zod: alt()). */
export const alt = (label = 'Image description (alt text)') =>
  fields.text({
    label,
    description: 'What the artwork shows, for people who cannot see it. Leave empty when it is decorative.',
    multiline: true,
  });

type ArrayOptions<Element extends ComponentSchema> = NonNullable<Parameters<typeof fields.array<Element>>[1]>;

/** A list of fields (Keystatic's array), whose description states how many items it takes. */
export const array = <Element extends ComponentSchema>(
  element: Element,
  { description, ...options }: ArrayOptions<Element>,
) =>
  fields.array(element, {
    ...options,
    ...describedWith(description, limitsInWords(options.validation?.length ?? {}, 'item')),
  });

/** A list of required lines (zod: list(min)). */
export const list = (label: string, itemLabel: string, length: Length = { min: 1 }) =>
  array(text(itemLabel, { multiline: true }), {
    label,
    itemLabel: (props) => props.value || itemLabel,
    validation: { length },
  });

/** Position on the page that lists the collection, 1 first (zod: order()). */
export const order = () =>
  fields.integer({
    label: 'Order',
    description:
      'Position on the page that lists these, 1 first. Change the numbers to reorder; two with the same number are listed by their file name (web address), A to Z.',
    validation: { isRequired: true, min: 1 },
  });

/** `descriptionNote`: what the page does with its search description, said under the field. */
export const seo = (descriptionNote?: string) =>
  fields.object(
    {
      title: text('Search title', { max: 70, description: 'The title search engines and social cards show.' }),
      description: text('Search description', {
        min: 50,
        max: 170,
        multiline: true,
        description: `The summary search engines show under the title.${descriptionNote ? ` ${descriptionNote}` : ''}`,
      }),
    },
    { label: 'Search and sharing' },
  );

/** The light page hero shared by About, CIE, Solutions, Results and POV; `introNote` is said under its introduction. */
export const hero = (introNote?: string) =>
  fields.object(
    {
      eyebrow: text('Eyebrow'),
      title: text('Headline'),
      intro: paragraph('Introduction', introNote ? { description: introNote } : {}),
    },
    { label: 'Hero' },
  );

/** A closing call to action: its headline and the line under it (the buttons come from the page). */
export const cta = (label = 'Closing call to action') =>
  fields.object({ headline: text('Headline'), subtext: paragraph('Line under the headline') }, { label });

/** An item with a heading and a paragraph: an expertise area, a reason, a principle. */
export const titledFields = () => ({ title: text('Title'), description: paragraph('Description') });
export const titled = (label: string) => fields.object(titledFields(), { label });

/** A list of titled items (exactly `length`, or at least `min`). */
export const titledList = (label: string, itemLabel: string, length: Length) =>
  array(titled(itemLabel), {
    label,
    itemLabel: (props) => props.fields.title.value || itemLabel,
    validation: { length },
  });

/** A headline figure, e.g. { value: "5-10 hours", label: "saved per week" }. */
export const figure = () =>
  fields.object(
    { value: text('Figure', { description: 'e.g. "5-10 hours"' }), label: text('What it measures') },
    {
      label: 'Figure',
    },
  );

export const figures = (label: string, length: Length) =>
  array(figure(), {
    label,
    itemLabel: (props) => `${props.fields.value.value} ${props.fields.label.value}`.trim() || 'Figure',
    validation: { length },
  });

/** A topic icon (zod: icon()). */
export const icon = () =>
  fields.select({
    label: 'Icon',
    options: topicIconNames.map((name) => ({ label: name, value: name })),
    defaultValue: topicIconNames[0],
  });

/**
 * Artwork uploaded in the editor: stored beside the entry's other art (src/assets/art/<folder>/<entry>/).
 * An SVG file only (zod: artwork()): the pages draw artwork as SVG, and a save with any other file is
 * refused (src/cms/check-save.ts).
 */
export const artwork = (folder: string) =>
  fields.image({
    label: 'Artwork',
    description:
      'An SVG file only (its name ends in .svg): the site draws artwork as SVG, sharp at every size. A PNG, JPEG or WebP is refused.',
    directory: `src/assets/art/${folder}`,
    publicPath: `../../assets/art/${folder}/`,
    validation: { isRequired: true },
  });

/**
 * A required choice of one entry of another collection (zod: reference(collection)). The field
 * carries the collection's name, so a save can check that the entry it names exists and that no
 * entry still names one it deletes or renames (src/cms/save-check/references.ts).
 */
export const relationship = (label: string, collection: string) => ({
  ...fields.relationship({ label, collection, validation: { isRequired: true } }),
  collection,
});
