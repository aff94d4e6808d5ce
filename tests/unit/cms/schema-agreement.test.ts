/**
 * The editor (src/cms/schema.ts) and the build's zod schemas (src/content/schemas) say the same
 * thing about every field: the same fields, required or optional alike, the same lists, lengths
 * and choices. Each content file reads through Keystatic's own reader and validates with the Astro
 * schema. A field added to one side and not the other fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createReader } from '@keystatic/core/reader';
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { cmsConfig } from '../../../src/cms/config.ts';
import { collections, singletons } from '../../../src/cms/schema.ts';
import { caseStudySchema } from '../../../src/content/schemas/case-studies.ts';
import { cieComponentSchema } from '../../../src/content/schemas/cie-components.ts';
import { text } from '../../../src/content/schemas/fields.ts';
import { legalSchema } from '../../../src/content/schemas/legal.ts';
import { offerSchema } from '../../../src/content/schemas/offers.ts';
import {
  aboutPageSchema,
  ciePageSchema,
  homePageSchema,
  povPageSchema,
  resultsPageSchema,
  solutionsPageSchema,
} from '../../../src/content/schemas/pages.ts';
import { programSchema } from '../../../src/content/schemas/programs.ts';
import { siteIdentitySchema } from '../../../src/content/schemas/site.ts';
import { solutionSchema } from '../../../src/content/schemas/solutions.ts';

const root = resolve(import.meta.dirname, '../../..');
/** Astro's image() resolves a path relative to the file; here it is the path as written. */
const context = { image: () => z.string().min(1).describe('image') } as unknown as SchemaContext;

// biome-ignore lint/suspicious/noExplicitAny: the walk below reads Keystatic's and zod's schema objects generically
type Any = any;

/** Each zod schema with the editor's collection or singleton of the same files. */
const pairs: { name: string; zod: Any; editor: Any; folder: string; extension: 'json' | 'md' }[] = [
  {
    name: 'programs',
    zod: programSchema(context),
    editor: collections.programs,
    folder: 'programs',
    extension: 'json',
  },
  { name: 'offers', zod: offerSchema(context), editor: collections.offers, folder: 'offers', extension: 'json' },
  {
    name: 'solutions',
    zod: solutionSchema(context),
    editor: collections.solutions,
    folder: 'solutions',
    extension: 'json',
  },
  {
    name: 'cieComponents',
    zod: cieComponentSchema,
    editor: collections.cieComponents,
    folder: 'cie-components',
    extension: 'json',
  },
  {
    name: 'caseStudies',
    zod: caseStudySchema(context),
    editor: collections.caseStudies,
    folder: 'case-studies',
    extension: 'md',
  },
  { name: 'legal', zod: legalSchema, editor: collections.legal, folder: 'legal', extension: 'md' },
];
const singletonPairs: { name: keyof typeof singletons; zod: Any; file: string }[] = [
  { name: 'site', zod: siteIdentitySchema, file: 'site.json' },
  { name: 'home', zod: homePageSchema, file: 'pages/home.json' },
  { name: 'about', zod: aboutPageSchema, file: 'pages/about.json' },
  { name: 'cie', zod: ciePageSchema, file: 'pages/cie.json' },
  { name: 'solutionsPage', zod: solutionsPageSchema, file: 'pages/solutions.json' },
  { name: 'results', zod: resultsPageSchema, file: 'pages/results.json' },
  { name: 'pov', zod: povPageSchema, file: 'pages/pov.json' },
];

/** A content file's data: the JSON, or a Markdown file's frontmatter. */
function readData(file: string): unknown {
  const source = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) return JSON.parse(source);
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  return parseYaml(frontmatter);
}

// --- zod, read generically --------------------------------------------------------------------

const def = (schema: Any) => schema._zod.def;

/** The schema without optional/default wrappers, and whether a missing value is accepted. */
function unwrap(schema: Any): { inner: Any; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (['optional', 'default'].includes(def(inner).type)) {
    optional = true;
    inner = def(inner).innerType;
  }
  return { inner, optional };
}

/** An array's length bounds, from its checks. */
function zodLengths(schema: Any): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of def(schema).checks ?? []) {
    const d = check._zod.def;
    if (d.check === 'min_length') min = d.minimum;
    if (d.check === 'max_length') max = d.maximum;
    if (d.check === 'length_equals') min = max = d.length;
  }
  return { min, max };
}

// --- the editor's fields ----------------------------------------------------------------------

/** Does the editor's field accept this value as read from a file? (Keystatic's own reader rules.) */
function editorAccepts(field: Any, value: unknown): boolean {
  try {
    // A collection's slug field (a title that also names the file) is read with the file's name beside it.
    if (slugFields.has(field)) field.reader.parseWithSlug(value, { slug: 'a-valid-address', glob: '*' });
    else field.reader.parse(value);
    return true;
  } catch {
    return false;
  }
}

/** Probe values for a leaf: both sides must accept or refuse each alike. */
function probesFor(zodLeaf: Any): unknown[] {
  const type = def(zodLeaf).type;
  if (type === 'string') {
    const lengths = new Set([0, 1, 2]);
    for (const check of def(zodLeaf).checks ?? []) {
      const d = check._zod.def;
      if (d.check === 'min_length') for (const n of [d.minimum - 1, d.minimum]) lengths.add(Math.max(0, n));
      if (d.check === 'max_length') for (const n of [d.maximum, d.maximum + 1]) lengths.add(n);
    }
    return [undefined, 42, '   ', '/cie', 'cie', 'Weeks 1-2', 'Week one', ...[...lengths].map((n) => 'w'.repeat(n))];
  }
  // No missing value: a choice in the editor always has one (its first option), so it always writes one.
  if (type === 'enum') return ['', 'Not in the list', ...Object.values(def(zodLeaf).entries)];
  if (type === 'number') return [undefined, 0, 1, 2, 1.5, -1, 'seven'];
  if (type === 'boolean') return [undefined, true, false, 'yes'];
  // A date (src/content/schemas/fields.ts date()) is a pipe into a Date: probed as one.
  if (type === 'pipe' && def(def(zodLeaf).out).type === 'date') return probesFor(def(zodLeaf).out);
  // Dates as YAML reads them (unquoted: a Date) and as typed by hand: the editor opens only the first kinds.
  if (type === 'date')
    return [
      undefined,
      new Date('2026-02-10'),
      '2026-02-10',
      'February 10th',
      'February 10, 2026',
      '10/02/2026',
      '2026-2-10',
      '',
    ];
  throw new Error(`no probes for a zod ${type}`);
}

/**
 * Differences between a zod schema and the editor's field at `path`, as readable lines. Numbers
 * with a list of allowed values (8 or 12 weeks, a 30/60/90-day guarantee) are whole numbers in a
 * range in the editor, which has no numeric choice field: the build refuses the values between,
 * naming the file and the field. They are listed in `narrowerInBuild`.
 */
function differences(path: string, zodSchema: Any, field: Any): string[] {
  const { inner, optional } = unwrap(zodSchema);
  const type = def(inner).type;
  if (type === 'object') {
    if (field.kind !== 'object') return [`${path}: an object in the build, a ${field.kind} field in the editor`];
    return compareShapes(path, def(inner).shape, field.fields);
  }
  if (type === 'array') {
    if (field.kind !== 'array') return [`${path}: a list in the build, a ${field.kind} field in the editor`];
    const built = zodLengths(inner);
    const edited = {
      min: field.validation?.length?.min ?? 0,
      max: field.validation?.length?.max ?? Number.POSITIVE_INFINITY,
    };
    const found = differences(`${path}[]`, def(inner).element, field.element);
    if (optional && built.min > 0) found.push(`${path}: optional in the build but needs items`);
    if (built.min !== edited.min || built.max !== edited.max)
      found.push(`${path}: ${built.min}-${built.max} items in the build, ${edited.min}-${edited.max} in the editor`);
    return found;
  }
  if (field.kind !== 'form') return [`${path}: a value in the build, a ${field.kind} field in the editor`];
  if (type === 'union') {
    // Numeric choices (see above): the editor's range must hold every allowed value.
    const values = def(inner).options.map((option: Any) => def(option).values[0]);
    const refused = values.filter((value: unknown) => !editorAccepts(field, value));
    narrowerInBuild.add(path);
    return refused.length ? [`${path}: the editor refuses ${refused.join(', ')}`] : [];
  }
  // Artwork (artwork()) is a pipe: the SVG file's path, then the collection's image().
  const description: string = (type === 'pipe' ? def(inner).out : inner).description ?? '';
  if (description === 'image') return field.formKind === 'asset' ? [] : [`${path}: an image in the build only`];
  const reference = description.startsWith('reference:');
  const leaf = reference ? text() : inner;
  const found: string[] = [];
  // The editor's relationship names its collection (src/cms/fields.ts relationship()), for the save's check.
  if (reference && field.collection !== description.slice('reference:'.length))
    found.push(
      `${path}: a reference to ${description.slice('reference:'.length)} in the build, to ${field.collection} in the editor`,
    );
  for (const value of probesFor(leaf)) {
    // The editor leaves an emptied optional field or an unchosen entry out of the file; it never writes "".
    if ((optional || reference) && value === '') continue;
    // A relationship is chosen from the entries that exist; it is never typed.
    if (reference && value === '   ') continue;
    const built = (optional ? leaf.optional() : leaf).safeParse(value).success;
    const edited = editorAccepts(field, value);
    if (built !== edited) {
      found.push(
        `${path}: ${JSON.stringify(value) ?? 'a missing value'} is ${built ? 'accepted' : 'refused'} by the build but ${edited ? 'accepted' : 'refused'} by the editor`,
      );
    }
  }
  return found;
}

function compareShapes(path: string, zodShape: Record<string, Any>, editorFields: Record<string, Any>): string[] {
  const found: string[] = [];
  for (const key of Object.keys(zodShape)) {
    if (!(key in editorFields)) found.push(`${path}.${key}: in the build's schema but not in the editor`);
  }
  for (const key of Object.keys(editorFields)) {
    if (!(key in zodShape)) found.push(`${path}.${key}: in the editor but not in the build's schema`);
  }
  for (const key of Object.keys(zodShape)) {
    if (key in editorFields) found.push(...differences(`${path}.${key}`, zodShape[key], editorFields[key]));
  }
  return found;
}

const narrowerInBuild = new Set<string>();
/** Each collection's slug field (`slugField`): its title is stored in the file, its address names the file. */
const slugFields = new Set<unknown>(
  pairs.map(({ editor }) => (editor.slugField ? editor.schema[editor.slugField] : undefined)).filter(Boolean),
);

/** The editor's fields of a collection or singleton, without a Markdown file's body (the content field). */
function editorFields(editor: Any): Record<string, Any> {
  const { body: _body, ...rest } = editor.schema;
  return editor.format?.contentField ? rest : editor.schema;
}

describe('every content file reads through the editor and validates with the Astro schema', () => {
  const reader = createReader(root, cmsConfig({ kind: 'local' }));

  for (const { name, zod, folder, extension } of pairs) {
    it(`${name}: every file`, async () => {
      const files = readdirSync(join(root, 'src/content', folder)).filter((file) => file.endsWith(`.${extension}`));
      const entries = await (reader.collections as Any)[name].all();
      expect(entries.map((entry: Any) => entry.slug).sort()).toEqual(
        files.map((file) => file.replace(/\.\w+$/, '')).sort(),
      );
      for (const file of files) {
        const result = zod.safeParse(readData(join(root, 'src/content', folder, file)));
        expect(result.success ? [] : result.error.issues, `${folder}/${file}`).toEqual([]);
      }
    });
  }

  for (const { name, zod, file } of singletonPairs) {
    it(`${name}: its file`, async () => {
      await expect((reader.singletons as Any)[name].readOrThrow()).resolves.toBeTruthy();
      const result = zod.safeParse(readData(join(root, 'src/content', file)));
      expect(result.success ? [] : result.error.issues, file).toEqual([]);
    });
  }
});

describe('the editor enforces the rules of the build, field by field', () => {
  for (const { name, zod, editor } of pairs) {
    it(`${name}`, () => {
      expect(compareShapes(name, def(unwrap(zod).inner).shape, editorFields(editor))).toEqual([]);
    });
  }
  for (const { name, zod } of singletonPairs) {
    it(`${name} page`, () => {
      expect(compareShapes(name, def(zod).shape, singletons[name].schema)).toEqual([]);
    });
  }

  it('numbers with a list of allowed values are the only rules the build holds more narrowly', () => {
    expect([...narrowerInBuild].sort()).toEqual(['offers.durationWeeks', 'offers.guarantee.days']);
  });

  it('a field on one side only, or with another rule, is found', () => {
    const shape = { ...def(siteIdentitySchema).shape };
    const editorShape = singletons.site.schema;
    expect(compareShapes('site', { ...shape, motto: text() }, editorShape)).toEqual([
      "site.motto: in the build's schema but not in the editor",
    ]);
    const { tagline: _tagline, ...withoutTagline } = shape;
    expect(compareShapes('site', withoutTagline, editorShape)).toEqual([
      "site.tagline: in the editor but not in the build's schema",
    ]);
    expect(compareShapes('site', { ...shape, shortName: text().max(3) }, editorShape)).toContain(
      'site.shortName: "wwww" is refused by the build but accepted by the editor',
    );
    expect(compareShapes('site', { ...shape, shortName: text().optional() }, editorShape)).toContain(
      'site.shortName: a missing value is accepted by the build but refused by the editor',
    );
    const categories = Object.values(def(def(caseStudySchema(context)).shape.category).entries) as string[];
    const widened = z.enum(['Energy', ...categories]);
    expect(differences('caseStudies.category', widened, collections.caseStudies.schema.category)).toEqual([
      'caseStudies.category: "Energy" is accepted by the build but refused by the editor',
    ]);
  });
});
