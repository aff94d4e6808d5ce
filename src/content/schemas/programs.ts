import { reference, type SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import { alt, artwork, cta, fields, list, order, seo, text } from './fields.ts';

/** src/content/programs/*.json: one program page, its home card and its menu entry. */
export const programSchema = ({ image }: SchemaContext) =>
  fields({
    order: order(),
    /** Label in the Programs menu, e.g. "Small Business Owners". */
    audience: text(),
    /** Employee-size band, e.g. "10-100 employees". */
    sizeBand: text(),
    card: fields({
      id: z.enum(['small-business', 'middle-market', 'corporate']),
      subtitle: text(),
      tagline: text(),
      description: text(),
      highlights: z.array(text()).length(3),
    }),
    /** The program's name (the spec's label), on its card, its page and its offer's page. */
    title: text(),
    tagline: text(),
    image: artwork(image),
    imageAlt: alt(),
    pain: fields({ title: text(), points: list(3) }),
    value: fields({ title: text(), description: text(), outcomes: list(3) }),
    clarity: fields({ isTitle: text(), isFor: list(3), isNotTitle: text(), isNotFor: list(3) }),
    cta: cta().extend({ note: text() }),
    offer: reference('offers'),
    seo: seo(),
  });
