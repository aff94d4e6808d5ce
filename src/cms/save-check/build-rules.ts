/**
 * A saved entry is validated with the build's own zod schema for its collection or singleton
 * (src/content/schemas, as src/content.config.ts and src/config/site.ts use them), refinements
 * included: a rule that compares two fields ("Last revised" not earlier than "Published") is
 * refused at save, not found by the rebuild. The build's messages are put in the editor's words.
 */
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { caseStudySchema } from '../../content/schemas/case-studies.ts';
import { cieComponentSchema } from '../../content/schemas/cie-components.ts';
import { legalSchema } from '../../content/schemas/legal.ts';
import { offerSchema } from '../../content/schemas/offers.ts';
import {
  aboutPageSchema,
  ciePageSchema,
  homePageSchema,
  povPageSchema,
  resultsPageSchema,
  solutionsPageSchema,
} from '../../content/schemas/pages.ts';
import { programSchema } from '../../content/schemas/programs.ts';
import { siteIdentitySchema } from '../../content/schemas/site.ts';
import { solutionSchema } from '../../content/schemas/solutions.ts';
import type { collections, singletons } from '../schema.ts';
import { type Entry, type Field, fieldAt, keysAsLabels, labelsAt, nameOf } from './entries.ts';

/** An image field's value is checked as the path written in the file (its own rules come first: artwork()). */
const context = { image: () => z.string() } as unknown as SchemaContext;

interface Schema {
  safeParseAsync(data: unknown): Promise<{ success: boolean; error?: { issues: z.core.$ZodIssue[] } }>;
}

/** Each collection's and singleton's schema, by the editor's name for it. */
const schemas: {
  collections: Record<keyof typeof collections, Schema>;
  singletons: Record<keyof typeof singletons, Schema>;
} = {
  collections: {
    programs: programSchema(context),
    offers: offerSchema(context),
    solutions: solutionSchema(context),
    cieComponents: cieComponentSchema,
    caseStudies: caseStudySchema(context),
    legal: legalSchema,
  },
  singletons: {
    site: siteIdentitySchema,
    home: homePageSchema,
    about: aboutPageSchema,
    cie: ciePageSchema,
    solutionsPage: solutionsPageSchema,
    results: resultsPageSchema,
    pov: povPageSchema,
  },
};

/**
 * One issue in the editor's words. A refinement's message names fields by their keys ("updated must
 * not be earlier than published"): each key of the object it is about becomes its label in quotes.
 * Any other message is said after the field's labels.
 */
function inWords(issue: z.core.$ZodIssue, schema: Record<string, Field>): string {
  const labels = labelsAt(schema, issue.path);
  let message = issue.message;
  if (issue.code === 'custom') {
    message = keysAsLabels(message, fieldAt(schema, issue.path.slice(0, -1))?.fields ?? {}, ['"', '"']);
  }
  const own = labels.at(-1);
  if (!own || message.includes(`"${own}"`)) return message;
  const field = `"${labels.join(' › ')}"`;
  return /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`;
}

/** undefined when the build's schema accepts the entry's data; otherwise what to tell the editor. */
export async function checkBuildRules(entry: Entry, data: Record<string, unknown>): Promise<string | undefined> {
  const group = entry.kind === 'collection' ? schemas.collections : schemas.singletons;
  const schema = (group as Record<string, Schema>)[entry.key];
  if (!schema) return undefined;
  const result = await schema.safeParseAsync(data);
  if (result.success) return undefined;
  const problems = [...new Set((result.error?.issues ?? []).map((issue) => inWords(issue, entry.schema)))];
  return `Not saved: ${problems.join('; ')} (${nameOf(entry, data)})`;
}
