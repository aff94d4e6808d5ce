import { COMMON_HTML, CURRENCY, ENTITY_ACTION, EntityDecoder, XML } from '@nodable/entities';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { compile, type DomNode, type FormatCallback } from 'html-to-text';
import { POV_FRONT_COUNT } from '../../lib/pov/order-feed-items.ts';
import type { FeedArticle } from '../../lib/pov/types.ts';
import { feedError } from './feed-error.ts';

/** Descriptions are shortened at a word boundary to about this many characters, plus "…". */
export const DESCRIPTION_MAX_LENGTH = 220;
const ELLIPSIS = '…';

/**
 * At most this many articles are read: the first ones in feed order and the feed's last
 * POV_FRONT_COUNT, which the page moves to the front (src/lib/pov/order-feed-items.ts), so a long
 * feed's list starts as a short one's does. A hostile or runaway feed (13,481 items in 2 MB was
 * tried) must not cost the server more than the page can show, nor make every /api/pov answer
 * megabytes long.
 */
export const MAX_ITEMS = 50;
/**
 * Markup is cut to these many characters before it is turned into text: enough for a headline and
 * for a 220-character excerpt and the first image, and a bound on the work one item can cause.
 */
export const TITLE_MARKUP_MAX = 1_000;
const DESCRIPTION_MARKUP_MAX = 20_000;

/** Elements that may repeat; always read as arrays so one and many look the same. */
const REPEATED = new Set([
  'item',
  'entry',
  'link',
  'enclosure',
  'category',
  'media:content',
  'media:thumbnail',
  'media:group',
]);

/**
 * Character references (&#8217;) and HTML's named entities (&nbsp;, &mdash;), which feeds use
 * freely, decoded in one pass at the XML level, with the library's expansion limits. An entity a
 * feed declares itself is refused when it would expand to markup. One decoder per parser: the
 * parser resets it for each document.
 */
const htmlEntityDecoder = () =>
  new EntityDecoder({
    namedEntities: { ...XML, ...COMMON_HTML, ...CURRENCY },
    numericAllowed: true,
    onInputEntity: (_name, value) => (/[<&]/.test(value) ? ENTITY_ACTION.BLOCK : ENTITY_ACTION.ALLOW),
  });

/** The parser is lenient; the validator refuses a document that is not well-formed XML. */
const validator = new SyntaxValidator();

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  entityDecoder: htmlEntityDecoder(),
  // Atom text constructs may hold XHTML; keep their inner markup as written.
  stopNodes: ['*.entry.title', '*.entry.summary', '*.entry.content'],
  isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

/** Decodes one level of XML escaping (entities and CDATA) in the raw text of an Atom stop node. */
const xmlTextParser = new XMLParser({
  parseTagValue: false,
  trimValues: false,
  ignoreAttributes: true,
  entityDecoder: htmlEntityDecoder(),
});

type XmlNode = Record<string, unknown>;

/**
 * Reads an RSS 2.0 (also RSS 1.0) or Atom document into the articles the Point of View page shows.
 * Throws a FeedError ("The blog feed could not be read.") when the text is not such a feed.
 * Items without an http(s) link are dropped.
 */
export function parseFeed(xml: string): FeedArticle[] {
  let doc: XmlNode;
  try {
    const text = keepShownItems(xml.trimStart(), MAX_ITEMS);
    validator.validate(text);
    doc = xmlParser.parse(text) as XmlNode;
  } catch (error) {
    throw feedError('invalid', error);
  }

  const rss = asNode(doc['rss']);
  if (rss) {
    const channel = asNode(first(rss['channel']));
    if (!channel) throw feedError('invalid', new Error('RSS document without a channel'));
    return collect(nodes(channel['item']), readRssItem);
  }
  const rdf = asNode(doc['rdf:RDF']);
  if (rdf) return collect(nodes(rdf['item']), readRssItem);
  const feed = doc['feed'];
  if (feed !== undefined) {
    // An Atom feed with no entries parses to an empty string.
    return collect(nodes(asNode(feed)?.['entry']), readAtomEntry);
  }
  throw feedError('invalid', new Error('Not an RSS or Atom document'));
}

/**
 * The document cut to `max` items before the XML parser sees it (parsing 13,481 items only to keep
 * 50 held the event loop for over a second): the first `max - POV_FRONT_COUNT` and the last
 * POV_FRONT_COUNT. Items are found by their closing tags outside CDATA sections and comments (in
 * well-formed XML a `<` appears nowhere else), and the span from the end of the last item kept at
 * the start to the end of the last item dropped is removed, so the document's own tags stay as
 * written. Anything that is not well-formed is left whole for the parser to reject.
 */
export function keepShownItems(xml: string, max: number): string {
  const closing = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\/(?:[\w.-]+:)?(?:item|entry)\s*>/g;
  const itemEnds: number[] = [];
  for (let match = closing.exec(xml); match; match = closing.exec(xml)) {
    if (!match[0].startsWith('<!')) itemEnds.push(closing.lastIndex);
  }
  // `max` (MAX_ITEMS) is well above POV_FRONT_COUNT, so at least one item is kept at the start.
  const cutFrom = itemEnds[max - POV_FRONT_COUNT - 1];
  const cutTo = itemEnds[itemEnds.length - POV_FRONT_COUNT - 1];
  if (itemEnds.length <= max || cutFrom === undefined || cutTo === undefined) return xml;
  return xml.slice(0, cutFrom) + xml.slice(cutTo);
}

function collect(items: XmlNode[], read: (item: XmlNode) => FeedArticle | null): FeedArticle[] {
  const articles: FeedArticle[] = [];
  for (const item of items) {
    if (articles.length >= MAX_ITEMS) break;
    const article = read(item);
    if (article) articles.push(article);
  }
  return articles;
}

/** Cuts markup to `max` characters (never inside a surrogate pair); html-to-text closes what is left open. */
function capped(value: string | undefined, max: number): string | undefined {
  if (value === undefined || value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function readRssItem(item: XmlNode): FeedArticle | null {
  const link = httpUrl(text(item['link'])) ?? permalinkGuid(item['guid']);
  if (!link) return null;

  const title = plainText(capped(text(item['title']), TITLE_MARKUP_MAX));
  const description = readHtml(capped(text(item['description']), DESCRIPTION_MARKUP_MAX), link);
  const content = readHtml(capped(text(item['content:encoded']), DESCRIPTION_MARKUP_MAX), link);

  return {
    title,
    link,
    description: excerpt(description.text || content.text, title),
    thumbnail: mediaThumbnail(item, link) ?? description.image ?? content.image ?? null,
    published: feedDate(text(item['pubDate']) ?? text(item['dc:date'])),
  };
}

function readAtomEntry(entry: XmlNode): FeedArticle | null {
  const link = atomLink(nodes(entry['link']));
  if (!link) return null;

  const title = readHtml(capped(atomHtml(entry['title']), TITLE_MARKUP_MAX), link).text;
  const summary = readHtml(capped(atomHtml(entry['summary']), DESCRIPTION_MARKUP_MAX), link);
  const content = readHtml(capped(atomHtml(entry['content']), DESCRIPTION_MARKUP_MAX), link);

  return {
    title,
    link,
    description: excerpt(summary.text || content.text, title),
    thumbnail: mediaThumbnail(entry, link) ?? summary.image ?? content.image ?? null,
    published: feedDate(text(entry['published']) ?? text(entry['updated'])),
  };
}

/**
 * RFC 822 (RSS pubDate, "Tue, 11 Mar 2025 14:20:41 GMT") and RFC 3339 (Atom, dc:date) both parse
 * with Date; anything else is no date rather than a wrong one.
 */
function feedDate(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Links

function httpUrl(value: string | undefined, base?: string): string | null {
  const candidate = value?.trim();
  if (!candidate) return null;
  try {
    const url = new URL(candidate, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** RSS 2.0: a guid is the article's address unless it says isPermaLink="false". */
function permalinkGuid(guid: unknown): string | null {
  const node = asNode(first(guid));
  if (
    node &&
    String(node['@_isPermaLink'] ?? '')
      .trim()
      .toLowerCase() === 'false'
  )
    return null;
  return httpUrl(text(guid));
}

/** Atom: the alternate link (rel absent or "alternate"), preferring an HTML one. */
function atomLink(links: XmlNode[]): string | null {
  const alternates = links.filter((l) => {
    const rel = attr(l, 'rel');
    return rel === undefined || rel === 'alternate';
  });
  const preferred = [...alternates.filter((l) => (attr(l, 'type') ?? 'text/html').includes('html')), ...alternates];
  for (const l of preferred) {
    const href = httpUrl(attr(l, 'href'));
    if (href) return href;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Thumbnails

/**
 * The image the feed names for the item: media:thumbnail, then media:content that is an image
 * (also inside media:group), then an image enclosure (RSS) or rel="enclosure" link (Atom).
 */
function mediaThumbnail(item: XmlNode, base: string): string | null {
  const scopes = [item, ...nodes(item['media:group'])];

  for (const scope of scopes) {
    for (const thumb of nodes(scope['media:thumbnail'])) {
      const url = httpUrl(attr(thumb, 'url'), base);
      if (url) return url;
    }
  }
  for (const scope of scopes) {
    for (const media of nodes(scope['media:content'])) {
      const isImage = attr(media, 'medium') === 'image' || isImageType(attr(media, 'type'));
      const url = isImage ? httpUrl(attr(media, 'url'), base) : null;
      if (url) return url;
    }
  }
  for (const enclosure of nodes(item['enclosure'])) {
    const url = isImageType(attr(enclosure, 'type')) ? httpUrl(attr(enclosure, 'url'), base) : null;
    if (url) return url;
  }
  for (const link of nodes(item['link'])) {
    const isImage = attr(link, 'rel') === 'enclosure' && isImageType(attr(link, 'type'));
    const url = isImage ? httpUrl(attr(link, 'href'), base) : null;
    if (url) return url;
  }
  return null;
}

function isImageType(type: string | undefined): boolean {
  return (type ?? '').trim().toLowerCase().startsWith('image/');
}

// ---------------------------------------------------------------------------------------------
// HTML to plain text, with the first image found on the way

interface HtmlReading {
  text: string;
  image: string | null;
}

/** Collects image addresses while html-to-text walks the markup; conversion is synchronous. */
let capturedImages: string[] = [];

const captureImage: FormatCallback = (elem: DomNode) => {
  const attribs = (elem.attribs ?? {}) as Record<string, string | undefined>;
  // 1×1 images are tracking pixels (Medium appends one to every post), not article images.
  const isPixel = Number(attribs['width']) <= 1 && Number(attribs['height']) <= 1;
  const src = attribs['src'] || attribs['data-src'];
  if (src && !isPixel) capturedImages.push(src);
};

const skip = { format: 'skip' };
const htmlConverter = compile({
  wordwrap: false,
  formatters: { captureImage },
  limits: { maxInputLength: 2_000_000 },
  selectors: [
    { selector: 'img', format: 'captureImage' },
    { selector: 'a', options: { ignoreHref: true } },
    // Bullets read as noise once the excerpt is one line; whitespace is collapsed afterwards.
    { selector: 'ul', options: { itemPrefix: ' ' } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    ...['figcaption', 'script', 'style', 'noscript', 'iframe', 'svg', 'template'].map((selector) => ({
      selector,
      ...skip,
    })),
  ],
});

/** Markup removed and entities decoded by html-to-text, whitespace collapsed. */
function readHtml(html: string | undefined, base: string): HtmlReading {
  if (!html?.trim()) return { text: '', image: null };
  capturedImages = [];
  let converted = '';
  try {
    converted = htmlConverter(html);
  } catch {
    // html-to-text is lenient with broken markup; should it still fail, the item simply has no text.
  }
  const images = capturedImages;
  capturedImages = [];
  let image: string | null = null;
  for (const src of images) {
    image = httpUrl(src, base);
    if (image) break;
  }
  return { text: collapseWhitespace(converted), image };
}

function plainText(html: string | undefined): string {
  return readHtml(html, 'https://invalid.example/').text;
}

function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * Atom text constructs (title, summary, content) arrive as raw inner XML (stop nodes).
 * type="xhtml": the markup itself. type="html": escaped markup, unescaped once here.
 * type="text" (or none): plain text, returned as HTML that shows that text.
 */
function atomHtml(value: unknown): string | undefined {
  const node = first(value);
  if (node === undefined) return undefined;
  const raw = text(node) ?? '';
  const type = (asNode(node) ? attr(asNode(node) as XmlNode, 'type') : undefined)?.toLowerCase() ?? 'text';
  if (type === 'xhtml') return raw;
  const unescaped = unescapeXml(raw);
  if (type === 'html' || type === 'text/html') return unescaped;
  return unescaped.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
}

function unescapeXml(raw: string): string {
  if (!raw.includes('&') && !raw.includes('<![CDATA[')) return raw;
  try {
    const text = `<v>${raw}</v>`;
    validator.validate(text);
    const parsed = xmlTextParser.parse(text) as XmlNode;
    const value = parsed['v'];
    return typeof value === 'string' ? value : raw;
  } catch {
    return raw;
  }
}

// ---------------------------------------------------------------------------------------------
// Description

/**
 * The description as the page shows it: without a leading repeat of the title (Medium's content
 * often opens with the headline), shortened at a word boundary to about 220 characters.
 */
function excerpt(description: string, title: string): string {
  let body = description;
  if (title && body.startsWith(title) && body.length > title.length) {
    body = body.slice(title.length).trim();
  }
  return shortenAtWordBoundary(body, DESCRIPTION_MAX_LENGTH);
}

/** Shortens plain text at a word boundary to at most `max` characters plus "…". */
export function shortenAtWordBoundary(value: string, max: number = DESCRIPTION_MAX_LENGTH): string {
  const textValue = value.trim();
  if (textValue.length <= max) return textValue;
  let cut = textValue.lastIndexOf(' ', max);
  // No usable space (one very long word): cut inside it, without splitting a surrogate pair.
  if (cut < max * 0.6) {
    cut = max;
    const code = textValue.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  }
  const head = textValue.slice(0, cut).replace(/[\s,;:.!?(\-–—]+$/u, '');
  return `${head}${ELLIPSIS}`;
}

// ---------------------------------------------------------------------------------------------
// Reading the parsed XML

function asNode(value: unknown): XmlNode | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as XmlNode) : undefined;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function nodes(value: unknown): XmlNode[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.flatMap((entry) => {
    const node = asNode(entry);
    return node ? [node] : [];
  });
}

/** Text content of an element read with or without attributes. */
function text(value: unknown): string | undefined {
  const v = first(value);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const node = asNode(v);
  if (!node) return undefined;
  const inner = node['#text'];
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : undefined;
}

function attr(node: XmlNode, name: string): string | undefined {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value.trim() : undefined;
}
