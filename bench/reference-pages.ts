import { readFileSync } from 'node:fs';
import type { FeedServer } from '../tests/support/feed-server.ts';

/**
 * The bench's reference pages, served from a stand-in host: the page every route's first paint is
 * compared with, the two the link pairs are compared with (bench/navigate.ts: a link on the
 * first, the second prerendered as soon as the first is read), and the page whose dialog the taps
 * inside a page are compared with (bench/interactions.ts).
 */
const REFERENCE_PAGES = {
  '/reference': 'reference.html',
  '/reference/tap': 'reference-tap.html',
  '/reference/next': 'reference-next.html',
  '/reference/dialog': 'reference-dialog.html',
} as const;

export function routeReferencePages(host: FeedServer): void {
  for (const [path, file] of Object.entries(REFERENCE_PAGES)) {
    const html = readFileSync(new URL(`./${file}`, import.meta.url));
    host.route(path, (_req, res) => {
      // Served like the site's pages: revalidated HTML, no cookies, no compression needed at this size.
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=0, must-revalidate',
      });
      res.end(html);
    });
  }
}
