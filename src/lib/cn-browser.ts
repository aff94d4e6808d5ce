import { type ClassValue, clsx } from 'clsx';

/**
 * cn() as islands get it in the browser (src/build/island-runtime.mjs swaps it in for
 * src/lib/cn.ts in the client build): joins class names without tailwind-merge, which would add
 * about 8 KB gzip to the waiting-list wizard. Island components therefore never pass a class
 * that must override another (use a variant such as `max-sm:hidden` instead);
 * tests/unit/islands/waitlist-wizard.test.tsx fails if one does, since server and browser would
 * then render different classes.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
