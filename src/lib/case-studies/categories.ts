/**
 * The case-study categories, declared once: the content schema accepts exactly these
 * (`z.enum(caseStudyCategoryOrder)`), and the Results filter lists them in this order, so adding a
 * study never reshuffles the buttons.
 */
export const caseStudyCategoryOrder = [
  'Healthcare',
  'Insurance',
  'Retail',
  'Employee Experience',
  'Training',
  'Automotive',
] as const;

/** The distinct categories the studies use, in the canonical order; anything unlisted goes last, in order of appearance. */
export function categoriesInUse(categories: Iterable<string>): string[] {
  const distinct = [...new Set(categories)];
  const rank = (category: string) => {
    const index = (caseStudyCategoryOrder as readonly string[]).indexOf(category);
    return index === -1 ? caseStudyCategoryOrder.length : index;
  };
  return distinct
    .map((category, appearance) => ({ category, appearance }))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.appearance - b.appearance)
    .map(({ category }) => category);
}
