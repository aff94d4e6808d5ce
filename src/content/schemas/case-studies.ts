import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { caseStudyCategoryOrder } from '../../lib/case-studies/categories.ts';
import { artwork, date, fields, figure, order, seo, text } from './fields.ts';

/** The frontmatter of src/content/case-studies/*.md (the Markdown body is the story). */
export const caseStudySchema = ({ image }: SchemaContext) =>
  fields({
    title: text(),
    /** One or two sentences for the Results card. */
    description: text().max(240),
    category: z.enum(caseStudyCategoryOrder),
    image: artwork(image),
    imageAlt: text(),
    /** Generic client descriptor, never a company name: "A global healthcare company". */
    client: text(),
    industry: text(),
    duration: text().optional(),
    /**
     * The one concrete result, in a sentence: it leads the "At a glance" band and sits on the
     * Results card. Only figures the study itself reports; otherwise the result in words.
     */
    result: text().max(140),
    /** Short headline figures shown under the result. */
    highlights: z.array(figure()).max(4).default([]),
    /** When the study was first published on the site, and last revised: the Article's dates (never the build time). */
    published: date(),
    updated: date(),
    order: order(),
    seo: seo(),
  }).refine(
    // zod runs this even when a date failed its own rule: then only that date's message is said, not this too.
    (study) => !(study.published instanceof Date && study.updated instanceof Date) || study.updated >= study.published,
    { message: 'updated must not be earlier than published', path: ['updated'] },
  );
