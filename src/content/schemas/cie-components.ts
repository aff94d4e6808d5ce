import { fields, icon, list, order, text } from './fields.ts';

/** src/content/cie-components/*.json: one component of the Continuous Innovation Ecosystem. */
export const cieComponentSchema = fields({
  order: order(),
  title: text(),
  purpose: text(),
  withIt: list(2),
  withoutIt: list(2),
  /** A real, well-known quote and its public author (the firm never quotes itself)... */
  quote: text().optional(),
  quoteAttribution: text().optional(),
  /** ...or the firm's own line, shown as its principle, unsigned. */
  principle: text().optional(),
  icon: icon(),
}).superRefine((component, context) => {
  const quoted = component.quote !== undefined || component.quoteAttribution !== undefined;
  if (quoted === (component.principle !== undefined))
    context.addIssue({
      code: 'custom',
      path: ['quote'],
      message: 'give either quote with quoteAttribution, or principle',
    });
  else if (quoted && (!component.quote || !component.quoteAttribution))
    context.addIssue({ code: 'custom', path: ['quoteAttribution'], message: 'a quote needs its public author' });
});
