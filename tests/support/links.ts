import type { Locator, Page } from '@playwright/test';

/** A link as a visitor meets it: its text (screen-reader-only parts included), where it goes, how it opens. */
export interface LinkSeen {
  name: string;
  href: string;
  newTab: boolean;
  rel?: string;
}

/** Every link inside `scope`, in reading order; new-tab links carry their rel so tests can check it. */
export async function linksIn(scope: Locator): Promise<LinkSeen[]> {
  return scope.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((anchor) => {
      const newTab = anchor.getAttribute('target') === '_blank';
      const link: { name: string; href: string; newTab: boolean; rel?: string } = {
        name: (anchor.textContent ?? '').replace(/\s+/g, ' ').trim(),
        href: anchor.getAttribute('href') ?? '',
        newTab,
      };
      if (newTab) link.rel = anchor.getAttribute('rel') ?? '';
      return link;
    }),
  );
}

/** What a booking button looks like to the tests: the external page, in a new tab, without opener access. */
export function bookingLink(label: string, bookingUrl: string): LinkSeen {
  return { name: `${label} (opens in a new tab)`, href: bookingUrl, newTab: true, rel: 'noopener noreferrer' };
}

export function internalLink(name: string, href: string): LinkSeen {
  return { name, href, newTab: false };
}

/** The JSON-LD objects a page declares. */
export async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const parsed = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}
