import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names. Where pages are rendered, a later Tailwind utility overrides an earlier one
 * (tailwind-merge: shadcn/ui's helper). In the browser it only joins: tailwind-merge would add about
 * 8 KB gzip to the waiting-list wizard, so island components never pass a class that must override
 * another (use a variant such as `max-sm:hidden` instead); tests/unit/islands/waitlist/waitlist-wizard.test.tsx
 * fails if one does, since server and browser would then render different classes. Vite writes
 * `false` for import.meta.env.SSR in the browser build, which leaves tailwind-merge out of it.
 */
export function cn(...inputs: ClassValue[]): string {
  return import.meta.env.SSR ? twMerge(clsx(inputs)) : clsx(inputs);
}
