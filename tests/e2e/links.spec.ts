import { expect, test } from '@playwright/test';
import { publicRoutes } from '../support/routes.ts';

/**
 * A crawl of the built site: no broken internal link or anchor, and every new-tab link is safe.
 * Links do not depend on the viewport: one project runs it (the tag, in playwright.config.ts).
 */
test('no broken internal link or anchor; every link that opens a new tab has rel="noopener noreferrer"', {
  tag: '@one-viewport',
}, async ({ request }) => {
  const pages = new Map<string, string>();
  for (const route of publicRoutes()) pages.set(route, await (await request.get(route)).text());

  const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id!));
  const problems: string[] = [];
  const checked = new Map<string, number>();

  for (const [route, html] of pages) {
    for (const [tag] of html.matchAll(/<a\s[^>]*>/g)) {
      const href = tag.match(/\shref="([^"]*)"/)?.[1];
      if (href === undefined) continue;
      if (/\starget="_blank"/.test(tag) && !/\srel="noopener noreferrer"/.test(tag))
        problems.push(`${route}: ${href} opens a new tab without rel`);
      if (/^(mailto:|tel:)/.test(href)) continue;
      const url = new URL(href.replaceAll('&amp;', '&'), `http://site${route}`);
      if (url.host !== 'site') {
        if (!/^https?:$/.test(url.protocol)) problems.push(`${route}: ${href} has an unexpected scheme`);
        continue;
      }
      const target = url.pathname;
      if (!checked.has(target)) checked.set(target, (await request.get(target)).status());
      if (checked.get(target) !== 200) problems.push(`${route}: ${href} answers ${checked.get(target)}`);
      if (url.hash) {
        const targetHtml = pages.get(target) ?? (await (await request.get(target)).text());
        if (!ids(targetHtml).has(decodeURIComponent(url.hash.slice(1))))
          problems.push(`${route}: ${href} points at a missing anchor`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(checked.size).toBeGreaterThan(5);
});
