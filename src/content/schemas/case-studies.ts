import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { caseStudyCategoryOrder } from '../../lib/case-studies/categories.ts';
import { fields, figure, order, seo, text } from './fields.ts';

/** The frontmatter of src/content/case-studies/*.md (the Markdown body is the story). */
export const caseStudySchema = ({ image }: SchemaContext) =>
  fields({
    title: text(),
    /** One or two sentences for the Results card. */
    description: text().max(240),
    category: z.enum(caseStudyCategoryOrder),
    image: image(),
    imageAlt: text(),
    /** Generic client descriptor, never a company name: "A global healthcare company". */
    client: text(),
    industry: text(),
    duration: text().optional(),
    /** Short headline outcomes shown as facts under the hero. */
    highlights: z.array(figure()).max(4).default([]),
    order: order(),
    seo: seo(),
  });
