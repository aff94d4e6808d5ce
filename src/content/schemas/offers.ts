import { reference, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { alt, artwork, cta, fields, figure, list, seo, text, titled } from './fields.ts';

/** src/content/offers/*.json: the offer page a program leads to. */
export const offerSchema = ({ image }: SchemaContext) =>
  fields({
    name: text(),
    program: reference('programs'),
    durationWeeks: z.union([z.literal(8), z.literal(12)], { error: 'must be 8 or 12' }),
    tagline: text(),
    summary: text(),
    image: artwork(image),
    imageAlt: alt(),
    claims: z.array(figure()).min(2).max(4),
    phases: z
      .array(
        fields({
          weeks: z.string().regex(/^Weeks \d+-\d+$/, 'must read like "Weeks 1-2"'),
          title: text(),
          description: text(),
          activities: list(3),
        }),
      )
      .length(3),
    achievements: fields({ title: text(), items: list(4) }),
    whyItWorks: fields({ title: text(), points: z.array(titled()).min(3) }),
    guarantee: fields({
      days: z.union([z.literal(30), z.literal(60), z.literal(90)], { error: 'must be 30, 60 or 90' }),
      title: text(),
      description: text(),
    }),
    /**
     * A client's words, attributed by role and kind of organization ("Operations director,
     * 60-person logistics firm"), never a name: swap in real quotes only with the client's permission.
     */
    testimonial: fields({ quote: text(), attribution: text() }),
    cta: cta(),
    seo: seo(),
  });
