/**
 * The benchmark's stand-in hosts, in their own process so Lighthouse's work does not slow them:
 * the blog's RSS feed for the Point of View page (this machine has no internet) and the
 * reference page every route is compared with.
 *
 * Usage: node bench/fixture-server.ts PORT
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const port = Number(process.argv[2]);
const feed = readFileSync(new URL('../tests/fixtures/feeds/medium.xml', import.meta.url));
const reference = readFileSync(new URL('./reference.html', import.meta.url));

createServer((req, res) => {
  if (req.url === '/healthz') return void res.writeHead(200).end('ok');
  if (req.url === '/feed.xml') {
    res.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
    return void res.end(feed);
  }
  if (req.url === '/reference') {
    // Served like the site's pages: revalidated HTML, no cookies, no compression needed at this size.
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
    return void res.end(reference);
  }
  res.writeHead(404).end();
}).listen(port, '127.0.0.1');
