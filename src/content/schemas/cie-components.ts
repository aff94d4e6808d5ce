import { fields, icon, list, order, text } from './fields.ts';

/** src/content/cie-components/*.json: one component of the Continuous Innovation Ecosystem. */
export const cieComponentSchema = fields({
  order: order(),
  title: text(),
  purpose: text(),
  withIt: list(2),
  withoutIt: list(2),
  quote: text(),
  quoteAttribution: text(),
  icon: icon(),
});
