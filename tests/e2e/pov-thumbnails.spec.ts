/**
 * The articles' images on /pov come from our own origin (issue 24): a feed naming images on its
 * hosts cannot make visitors' browsers contact them. Runs its own production server against a
 * feed whose images live on the fixture host, watches every request the browser makes, and reads
 * the page's policy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type FeedServer, startFeedServer } from '../support/feed-server.ts';
import { type RunningServer, startServer } from '../reliability/server-process.ts';

let feed: FeedServer;
let server: RunningServer;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(path.join(tmpdir(), 'pov-thumbnails-'));
  feed = await startFeedServer();
  server = await startServer({
    storeEnv: { SQLITE_PATH: path.join(dir, 'leads.sqlite') },
    feedUrl: feed.url('/feed-with-images.xml'),
  });
});

test.afterAll(async () => {
  await server?.stop();
  await feed?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('thumbnails are served by our server, re-encoded, cached with the feed; the browser contacts no other host', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the requests do not depend on the viewport');
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));

  const response = await page.goto(`${server.url}/pov`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  const imgSrc = csp.split(';').find((directive) => directive.trim().startsWith('img-src')) ?? '';
  expect(imgSrc.trim()).toBe("img-src 'self' data:");

  const images = page.getByRole('main').getByRole('article').locator('img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('src', /^\/api\/pov\/thumbnail\?id=[0-9a-f]{32}$/);
    // Loaded and decoded: the fixture's 1024x768 PNG or JPEG, as our 640x360 WebP.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(360);
  }
  const src = (await images.first().getAttribute('src')) as string;
  const thumbnail = await page.request.get(`${server.url}${src}`);
  expect(thumbnail.headers()['content-type']).toBe('image/webp');

  // A second visit is served from the cache: the feed host saw each image once.
  await page.reload();
  await expect(images).toHaveCount(3);
  await expect
    .poll(() => images.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).naturalWidth === 640)))
    .toBe(true);
  for (const name of ['service-blueprint.png', 'reception-desk.jpeg', 'weekly-rhythm.png']) {
    expect(feed.requests(`/images/${name}`), name).toBe(1);
  }
  expect([...origins]).toEqual([server.url]);

  // An id the feed did not name is nobody's image; no address can be asked for.
  expect((await page.request.get(`${server.url}/api/pov/thumbnail?id=${'0'.repeat(32)}`)).status()).toBe(404);
  expect((await page.request.get(`${server.url}/api/pov/thumbnail?id=http://127.0.0.1/`)).status()).toBe(404);
});
