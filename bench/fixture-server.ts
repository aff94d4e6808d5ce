/**
 * The benchmark's stand-in hosts, in their own process so Lighthouse's work does not slow them:
 * the shared stand-in feed host (tests/support/feed-server.ts) for the Point of View page, plus the
 * reference page every route is compared with.
 *
 * Usage: node bench/fixture-server.ts PORT
 */
import { readFileSync } from 'node:fs';
import { startFeedServer } from '../tests/support/feed-server.ts';

const reference = readFileSync(new URL('./reference.html', import.meta.url));
const fixtures = await startFeedServer({ port: Number(process.argv[2]) });
fixtures.route('/reference', (_req, res) => {
  // Served like the site's pages: revalidated HTML, no cookies, no compression needed at this size.
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'public, max-age=0, must-revalidate',
  });
  res.end(reference);
});
