/**
 * A stand-in for the blog's RSS host during browser tests (this machine has no internet).
 * Serves the Medium-shaped fixture feed; /healthz tells Playwright it is up.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const port = Number(process.argv[2] ?? 4391);
const feed = readFileSync(new URL('../fixtures/feeds/medium.xml', import.meta.url));

createServer((req, res) => {
  if (req.url === '/healthz') return void res.writeHead(200).end('ok');
  if (req.url === '/feed.xml') {
    res.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' });
    return void res.end(feed);
  }
  res.writeHead(404).end();
}).listen(port, '127.0.0.1');
