/**
 * The legal pages show the day they are served as their "Last updated" date (spec section 2),
 * in UTC so every visitor and every server instance agrees on the day.
 */
export interface LastUpdated {
  /** "2026-11-22", for <time datetime>. */
  iso: string;
  /** "November 22, 2026" */
  label: string;
}

const formatter = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function lastUpdated(now: Date = new Date()): LastUpdated {
  return { iso: now.toISOString().slice(0, 10), label: formatter.format(now) };
}
