/**
 * The Results filter's state lives in the URL (?category=Healthcare) so a filtered list can be
 * shared and survives back/forward. Browser-safe: no Node or Astro imports.
 */
export const ALL_CATEGORIES = 'All';
const CATEGORY_PARAM = 'category';

/** The category a query string asks for, matched case-insensitively; "All" when absent or unknown. */
export function categoryFromSearch(search: string, categories: readonly string[]): string {
  const requested = new URLSearchParams(search).get(CATEGORY_PARAM)?.trim().toLowerCase();
  if (!requested) return ALL_CATEGORIES;
  return categories.find((category) => category.toLowerCase() === requested) ?? ALL_CATEGORIES;
}

/** The same URL with the category set, or removed for "All"; other parameters and the hash are kept. */
export function urlForCategory(current: string, category: string): string {
  const url = new URL(current);
  if (category === ALL_CATEGORIES) url.searchParams.delete(CATEGORY_PARAM);
  else url.searchParams.set(CATEGORY_PARAM, category);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the live region says after each choice. */
export function describeShown(count: number, category: string): string {
  if (category === ALL_CATEGORIES) return `Showing all ${count} case studies`;
  return `Showing ${count} ${category} ${count === 1 ? 'case study' : 'case studies'}`;
}
