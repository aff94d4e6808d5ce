/**
 * Every field with a length limit says it under its label (README: "Each field says what it is for
 * and its limits"), with the number the field enforces, and says it once. Read from what Keystatic
 * itself holds: the props a text or number field gives its input (the description shown, the limits
 * checked) and an array field's description and validation; a text field's maximum is also probed
 * through Keystatic's reader.
 */
import { describe, expect, it } from 'vitest';
import { collections, singletons } from '../../../src/cms/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: Keystatic's field objects are walked generically
type Any = any;

interface Limited {
  path: string;
  description: string;
  unit: 'character' | 'item' | 'number';
  min: number;
  max: number;
  /** Keystatic's own field, for probing a text field's maximum. */
  field: Any;
}

/**
 * The collections' title fields (titleAndAddress: the title also makes the file's name), which take
 * no maximum. Their input cannot even be created in Node: it makes its default address with a
 * function Keystatic leaves out of its Node build.
 */
const titles = new Set<unknown>(
  Object.values(collections).map((collection) => collection.schema[collection.slugField as never]),
);

/** Every field of `field` (an object, an array, a form field), with its description and limits. */
function walk(path: string, field: Any, found: Limited[]): Limited[] {
  if (field.kind === 'object') {
    for (const [key, child] of Object.entries(field.fields)) walk(`${path}.${key}`, child, found);
  } else if (field.kind === 'array') {
    const { min = 0, max = Number.POSITIVE_INFINITY } = field.validation?.length ?? {};
    found.push({ path, description: field.description ?? '', unit: 'item', min, max, field });
    walk(`${path}[]`, field.element, found);
  } else if (field.kind === 'form' && !titles.has(field)) {
    // The input element Keystatic would render (created, not rendered: the UI is not loaded in Node).
    const props = field.Input({}).props;
    const description = props.description ?? '';
    if (typeof props.max === 'number') {
      found.push({ path, description, unit: 'character', min: props.min, max: props.max, field });
    } else if (typeof props.validation?.max === 'number') {
      found.push({ path, description, unit: 'number', min: props.validation.min, max: props.validation.max, field });
    }
  }
  return found;
}

const everyField = [
  ...Object.entries(collections).flatMap(([name, collection]) =>
    Object.entries(collection.schema).flatMap(([key, field]) => walk(`${name}.${key}`, field, [])),
  ),
  ...Object.entries(singletons).flatMap(([name, singleton]) =>
    Object.entries(singleton.schema).flatMap(([key, field]) => walk(`${name}.${key}`, field, [])),
  ),
];

/** What the description must say for a count of characters or items (a minimum of 1 is "required"). */
function limitInWords({ min, max, unit }: Limited): string | undefined {
  const count = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const least = min > 1 ? min : undefined;
  const most = Number.isFinite(max) ? max : undefined;
  if (most !== undefined && least === most) return `Exactly ${count(most)}.`;
  if (most !== undefined && least !== undefined) return `${least} to ${count(most)}.`;
  if (most !== undefined) return `At most ${count(most)}.`;
  if (least !== undefined) return `At least ${count(least)}.`;
  return undefined;
}

/** Every count of characters or items a description states. */
const statedCounts = (description: string) => description.match(/\b\d+ (characters?|items?)\b/g) ?? [];

const byPath = (path: string) => {
  const found = everyField.find((field) => field.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
};

describe('every field with a limit states it in its description', () => {
  it('finds the fields with limits, text and lists alike', () => {
    const limited = everyField.filter((field) => field.unit === 'number' || limitInWords(field));
    expect(limited.filter((field) => field.unit === 'character').length).toBeGreaterThanOrEqual(20);
    expect(limited.filter((field) => field.unit === 'item').length).toBeGreaterThanOrEqual(20);
  });

  it('says the limits of a case study card, its result and every search title and description', () => {
    expect(byPath('caseStudies.description').description).toBe(
      'One or two sentences for the Results card. At most 240 characters.',
    );
    expect(byPath('caseStudies.result').description).toMatch(/ At most 140 characters\.$/);
    expect(byPath('caseStudies.highlights').description).toBe('At most 4 items.');
    expect(byPath('programs.card.highlights').description).toBe('Exactly 3 items.');
    for (const field of everyField.filter(({ path }) => path.endsWith('.seo.title'))) {
      expect(field.description, field.path).toBe(
        'The title search engines and social cards show. At most 70 characters.',
      );
    }
    for (const field of everyField.filter(({ path }) => path.endsWith('.seo.description'))) {
      expect(field.description, field.path).toMatch(
        /^The summary search engines show under the title\.( .+)? 50 to 170 characters\.$/,
      );
    }
  });

  it('states each count of characters or items once, as the field enforces it', () => {
    const wrong = everyField
      .filter((field) => field.unit !== 'number')
      .flatMap((field) => {
        const expected = limitInWords(field);
        const stated = statedCounts(field.description);
        if (!expected) return stated.length ? [`${field.path}: states ${stated.join(', ')} but has no limit`] : [];
        if (!field.description.includes(expected)) return [`${field.path}: does not say "${expected}"`];
        return stated.length === 1 ? [] : [`${field.path}: states ${stated.join(', ')}`];
      });
    expect(wrong).toEqual([]);
  });

  it("states a number field's allowed range", () => {
    const numbers = everyField.filter((field) => field.unit === 'number');
    expect(numbers.map(({ path }) => path).sort()).toEqual(['offers.durationWeeks', 'offers.guarantee.days']);
    for (const { path, description, min, max } of numbers) {
      expect(description, path).toContain(String(min));
      expect(description, path).toContain(String(max));
    }
  });

  it("states the maximum Keystatic's reader enforces on a text field", () => {
    for (const { path, field, max } of everyField.filter(
      ({ unit, max }) => unit === 'character' && Number.isFinite(max),
    )) {
      expect(() => field.reader.parse('w'.repeat(max)), path).not.toThrow();
      expect(() => field.reader.parse('w'.repeat(max + 1)), path).toThrow(/must be no longer than/);
    }
  });
});
