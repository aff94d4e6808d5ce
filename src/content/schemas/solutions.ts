import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { alt, artwork, fields, icon, order, text } from './fields.ts';

/** src/content/solutions/*.json: one card on the Solutions page. */
export const solutionSchema = ({ image }: SchemaContext) =>
  fields({
    order: order(),
    icon: icon(),
    title: text(),
    headline: text(),
    description: text(),
    additionalInfo: text(),
    idealFor: text(),
    image: artwork(image),
    imageAlt: alt(),
    comingSoon: z.boolean().optional(),
    /** Internal page with more detail, e.g. "/cie". */
    link: z.string().startsWith('/').optional(),
  });
