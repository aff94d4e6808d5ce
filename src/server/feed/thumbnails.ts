/**
 * The Point of View articles' images, served from our own origin. A feed names image addresses on
 * any host; had visitors' browsers fetched them, the feed could make every visitor contact hosts
 * of its choosing. Instead the server fetches each image once, with the feed's own rules (public
 * addresses only on every redirect, a deadline, a size limit), re-encodes it with sharp to one
 * small WebP (which also drops whatever else the file carried), and keeps it as long as the feed
 * copy that names it. The page's Content-Security-Policy then allows images from our origin only.
 *
 * A request names an image only by the id we gave it (a hash of the address the feed named), so
 * nothing a request says picks a URL we fetch.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { orderFeedItems } from '../../lib/pov/order-feed-items.ts';
import { POV_THUMBNAIL_PATH, type FeedArticle } from '../../lib/pov/types.ts';
import { type FetchFeedOptions, fetchPublic } from './fetch-feed.ts';

/** The size the card shows (16:9) and the bytes a source image may have. */
const THUMBNAIL = { width: 640, height: 360, maxSourceBytes: 5 * 1024 * 1024, timeoutMs: 5_000 } as const;
/** A source that failed is asked again after this long, not on every visit. */
const RETRY_FAILED_MS = 5 * 60_000;
const ACCEPT = 'image/avif, image/webp, image/png, image/jpeg, image/gif;q=0.8, image/*;q=0.5';

export interface Thumbnails {
  /** The items with each thumbnail replaced by our address for it; the feed's addresses are remembered. */
  adopt(items: readonly FeedArticle[]): FeedArticle[];
  /** The WebP for an id of the current feed copy, fetched and encoded on first use; null if none. */
  get(id: string): Promise<Buffer | null>;
  /**
   * Fetches and encodes every image the current copy names that is not yet at hand, one after
   * another: the page asks for the first card's image with the page, and a visitor should not wait
   * while the blog's host is asked for it. Never rejects.
   */
  warm(): Promise<void>;
}

export type ThumbnailFetchOptions = Omit<FetchFeedOptions, 'timeoutMs' | 'maxBytes'>;

const idOf = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 32);

export function createThumbnails(options: ThumbnailFetchOptions & { now?: () => number } = {}): Thumbnails {
  const { now = Date.now, ...fetchOptions } = options;
  /** id -> the address the current feed copy names. */
  let sources = new Map<string, string>();
  /** id -> the encoded image (or null after a failure, with when it failed). */
  const encoded = new Map<string, { image: Promise<Buffer | null>; failedAt?: number }>();

  async function encode(id: string, url: string): Promise<Buffer | null> {
    try {
      const { bytes } = await fetchPublic(
        url,
        { ...fetchOptions, timeoutMs: THUMBNAIL.timeoutMs, maxBytes: THUMBNAIL.maxSourceBytes },
        ACCEPT,
      );
      // limitInputPixels: a small file that decodes to a huge canvas is refused, not expanded.
      return await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
        .rotate()
        .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover' })
        .webp({ quality: 72 })
        .toBuffer();
    } catch {
      const entry = encoded.get(id);
      if (entry) entry.failedAt = now();
      return null;
    }
  }

  async function get(id: string): Promise<Buffer | null> {
    const url = sources.get(id);
    if (!url) return null;
    let entry = encoded.get(id);
    if (entry?.failedAt !== undefined && now() - entry.failedAt >= RETRY_FAILED_MS) entry = undefined;
    if (!entry) {
      entry = { image: Promise.resolve(null) };
      encoded.set(id, entry);
      entry.image = encode(id, url);
    }
    return entry.image;
  }

  return {
    adopt(items) {
      const next = new Map<string, string>();
      const adopted = items.map((item) => {
        if (!item.thumbnail) return item;
        const id = idOf(item.thumbnail);
        next.set(id, item.thumbnail);
        return { ...item, thumbnail: `${POV_THUMBNAIL_PATH}?id=${id}` };
      });
      sources = next;
      // Cached with the feed: images the new copy no longer names are let go.
      for (const id of encoded.keys()) if (!sources.has(id)) encoded.delete(id);
      return adopted;
    },
    get,
    async warm() {
      // In the order the page shows them, the first card's first. `get` never rejects.
      for (const id of orderFeedItems([...sources.keys()])) await get(id);
    },
  };
}
