import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * cn() for island tests: what the browser does (clsx only), failing loudly when a call would
 * need tailwind-merge, since the server (which merges) and the browser would then disagree.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  const merged = twMerge(joined);
  const dropped = joined.split(/\s+/).filter((name) => name && !merged.split(' ').includes(name));
  if (dropped.length > 0) {
    throw new Error(`An island's cn() call needs tailwind-merge (it would drop "${dropped.join(' ')}")`);
  }
  return joined;
}
