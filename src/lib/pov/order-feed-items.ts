/** How many of the feed's last items move to the front of the Point of View list. */
export const POV_FRONT_COUNT = 4;

/**
 * Orders the Point of View articles for display, as the product spec (section 7) describes:
 * with more than 4 items, the last 4 are reversed and placed first, followed by the remaining
 * items in their original order; with 4 or fewer, the whole list is reversed.
 *
 * Pure: never mutates `items`, always returns a new array.
 */
export function orderFeedItems<T>(items: readonly T[]): T[] {
  if (items.length <= POV_FRONT_COUNT) return [...items].reverse();
  const splitAt = items.length - POV_FRONT_COUNT;
  const front = items.slice(splitAt).reverse();
  return [...front, ...items.slice(0, splitAt)];
}
