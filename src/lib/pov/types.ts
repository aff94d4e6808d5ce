/**
 * Shapes shared by the Point of View feed on the server (GET /api/pov) and the island that shows it.
 * Browser-safe: no Node imports.
 */

/** One article of the Point of View blog, as the page shows it. */
export interface FeedArticle {
  /** Plain-text title. */
  title: string;
  /** Absolute http(s) address of the article on the blogging platform. */
  link: string;
  /** Plain-text excerpt: markup removed, entities decoded, whitespace collapsed, about 220 characters. */
  description: string;
  /**
   * The article's image, or null when the feed offers none. Parsed from the feed as its absolute
   * http(s) address; GET /api/pov answers our own address for it (POV_THUMBNAIL_PATH?id=...), so
   * visitors' browsers never contact a host the feed chose.
   */
  thumbnail: string | null;
  /**
   * When the article was published, as an ISO 8601 instant ("2025-03-11T14:20:41.000Z"): RSS
   * pubDate (or dc:date), Atom published (or updated). Null when the feed gives no readable date.
   */
  published: string | null;
}

/** Where the page's island reads the articles (GET): our server, which fetched and parsed the feed. */
export const POV_API_PATH = '/api/pov';

/** What GET /api/pov answers, in the `{status, items, message}` shape the page reads. */
export type PovResponse = { status: 'ok'; items: FeedArticle[] } | { status: 'error'; message: string };

/** Where the page loads an article's image from: our server, which fetched and re-encoded it. */
export const POV_THUMBNAIL_PATH = '/api/pov/thumbnail';
