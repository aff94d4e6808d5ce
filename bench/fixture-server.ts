/**
 * The benchmark's stand-in hosts, in their own process so Lighthouse's work does not slow them:
 * the shared stand-in feed host (tests/support/feed-server.ts) for the Point of View page, plus the
 * reference page every route is compared with, and the two reference pages the link pairs are
 * compared with (bench/navigate.ts: a link on the first, the second prerendered).
 *
 * Usage: node bench/fixture-server.ts PORT
 */
import { readFileSync } from 'node:fs';
import { startFeedServer } from '../tests/support/feed-server.ts';

const fixtures = await startFeedServer({ port: Number(process.argv[2]) });
const pages = {
  '/reference': 'reference.html',
  '/reference/tap': 'reference-tap.html',
  '/reference/next': 'reference-next.html',
};
for (const [path, file] of Object.entries(pages)) {
  const html = readFileSync(new URL(`./${file}`, import.meta.url));
  fixtures.route(path, (_req, res) => {
    // Served like the site's pages: revalidated HTML, no cookies, no compression needed at this size.
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
    res.end(html);
  });
}
