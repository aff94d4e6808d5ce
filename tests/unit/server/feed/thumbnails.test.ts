import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThumbnails } from '../../../../src/server/feed/thumbnails.ts';
import { type FeedServer, LOOPBACK_FEED, startFeedServer } from '../../../support/feed-server.ts';

const article = (thumbnail: string | null) => ({
  title: 'Map the service before you automate it',
  link: 'https://blog.example.com/map',
  description: 'Two working sessions.',
  thumbnail,
  published: null,
});

describe('the articles’ images, fetched by our server', () => {
  let feed: FeedServer;
  beforeAll(async () => {
    feed = await startFeedServer();
  });
  afterAll(() => feed.close());

  it('replaces each image address with ours and serves it re-encoded as a 640x360 WebP, fetched once', async () => {
    const thumbnails = createThumbnails(LOOPBACK_FEED);
    const [adopted, none] = thumbnails.adopt([article(feed.url('/images/once.png')), article(null)]);
    expect(none?.thumbnail).toBeNull();
    const id = /^\/api\/pov\/thumbnail\?id=([0-9a-f]{32})$/.exec(adopted?.thumbnail ?? '')?.[1] as string;
    expect(id).toBeTruthy();
    const [first, second] = await Promise.all([thumbnails.get(id), thumbnails.get(id)]);
    expect(await sharp(first as Buffer).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
    expect(second).toBe(first);
    expect(await thumbnails.get(id)).toBe(first);
    expect(feed.requests('/images/once.png')).toBe(1);
  });

  it("keeps to the feed's rules: a private address is refused unless allowed", async () => {
    const thumbnails = createThumbnails();
    const [adopted] = thumbnails.adopt([article(feed.url('/images/private.png'))]);
    const id = (adopted?.thumbnail ?? '').split('=')[1] as string;
    expect(await thumbnails.get(id)).toBeNull();
    expect(feed.requests('/images/private.png')).toBe(0);
  });

  it('names only images of the current feed copy; a new copy lets the others go', async () => {
    const thumbnails = createThumbnails(LOOPBACK_FEED);
    const [old] = thumbnails.adopt([article(feed.url('/images/old.png'))]);
    const oldId = (old?.thumbnail ?? '').split('=')[1] as string;
    thumbnails.adopt([article(feed.url('/images/new.png'))]);
    expect(await thumbnails.get(oldId)).toBeNull();
    expect(await thumbnails.get('0'.repeat(32))).toBeNull();
    expect(feed.requests('/images/old.png')).toBe(0);
  });

  it('an answer that is not an image gives no thumbnail', async () => {
    const thumbnails = createThumbnails(LOOPBACK_FEED);
    const [adopted] = thumbnails.adopt([article(feed.url('/feed.xml'))]);
    expect(await thumbnails.get((adopted?.thumbnail ?? '').split('=')[1] as string)).toBeNull();
  });

  it('warms every image of the current copy in page order, once, so no visitor waits for the host', async () => {
    const thumbnails = createThumbnails(LOOPBACK_FEED);
    const names = ['warm-1.png', 'warm-2.png', 'warm-3.png'];
    const adopted = thumbnails.adopt(names.map((name) => article(feed.url(`/images/${name}`))));
    await thumbnails.warm();
    for (const name of names) expect(feed.requests(`/images/${name}`), name).toBe(1);
    // The page shows the last article first: its image was asked for first.
    expect(feed.requestOrder().filter((path) => path.startsWith('/images/warm-'))).toEqual([
      '/images/warm-3.png',
      '/images/warm-2.png',
      '/images/warm-1.png',
    ]);
    // A visitor's request is answered from what was warmed.
    const id = (adopted[0]?.thumbnail ?? '').split('=')[1] as string;
    expect(await sharp((await thumbnails.get(id)) as Buffer).metadata()).toMatchObject({ format: 'webp' });
    expect(feed.requests('/images/warm-1.png')).toBe(1);
  });
});
