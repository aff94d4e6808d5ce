import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX_LENGTH,
  keepShownItems,
  MAX_ITEMS,
  parseFeed,
  TITLE_MARKUP_MAX,
} from '../../../../src/server/feed/parse-feed.ts';
import { orderFeedItems } from '../../../../src/lib/pov/order-feed-items.ts';

/** A runaway feed like the one that was tried: thousands of small items in about 2 MB. */
function manyItems(count: number): string {
  const items = Array.from(
    { length: count },
    (_, i) =>
      `<item><title>Note ${i}</title><link>https://blog.example.com/p/${i}</link>` +
      `<description>&lt;p&gt;Short note ${i} on service design.&lt;/p&gt;</description></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Many</title>${items.join('\n')}</channel></rss>`;
}

describe('a feed with far more items than the page shows', () => {
  it('keeps 50 items: the first 46 and the last 4, in feed order', () => {
    const feed = manyItems(13_481);
    expect(feed.length).toBeGreaterThan(1_500_000);
    const items = parseFeed(feed);
    expect(items).toHaveLength(MAX_ITEMS);
    expect(items[0]?.title).toBe('Note 0');
    expect(items[45]?.title).toBe('Note 45');
    expect(items[46]?.title).toBe('Note 13477');
    expect(items[49]?.title).toBe('Note 13480');
    // What every /api/pov answer carries: a few kilobytes, not megabytes.
    expect(JSON.stringify({ status: 'ok', items }).length).toBeLessThan(20_000);
  });

  it('so the page starts with the last 4 of the feed, reversed, as with a short feed (spec section 7)', () => {
    const shown = orderFeedItems(parseFeed(manyItems(60))).map((item) => item.title);
    expect(shown.slice(0, 6)).toEqual(['Note 59', 'Note 58', 'Note 57', 'Note 56', 'Note 0', 'Note 1']);
    expect(shown.at(-1)).toBe('Note 45');
  });

  it('parses only those items (the XML parser never sees the rest)', () => {
    const feed = manyItems(13_481);
    const cut = keepShownItems(feed, MAX_ITEMS);
    expect(cut.length).toBeLessThan(10_000);
    expect(cut.endsWith('</channel></rss>')).toBe(true);
    expect(parseFeed(cut)).toEqual(parseFeed(feed));
  });

  it('does not count closing tags inside CDATA or comments', () => {
    const items = Array.from(
      { length: 60 },
      (_, i) =>
        `<item><title>Post ${i}</title><link>https://blog.example.com/${i}</link>` +
        `<description><![CDATA[<p>How RSS ends an entry: </item> and </entry></p>]]></description><!-- </item> --></item>`,
    );
    const feed = `<rss version="2.0"><channel>${items.join('')}</channel></rss>`;
    const parsed = parseFeed(feed);
    expect(parsed).toHaveLength(MAX_ITEMS);
    expect(parsed.map((item) => item.title)).toEqual(
      [...Array.from({ length: 46 }, (_, i) => i), 56, 57, 58, 59].map((i) => `Post ${i}`),
    );
    expect(parsed[0]?.description).toContain('How RSS ends an entry');
  });

  it('keeps the first 46 and the last 4 entries of an Atom feed too', () => {
    const entries = Array.from(
      { length: 80 },
      (_, i) =>
        `<entry><title>Entry ${i}</title><link href="https://blog.example.com/e/${i}"/><summary>Summary ${i}</summary></entry>`,
    );
    const parsed = parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>${entries.join('')}</feed>`);
    expect(parsed).toHaveLength(50);
    expect(parsed[45]?.title).toBe('Entry 45');
    expect(parsed[46]?.title).toBe('Entry 76');
    expect(parsed.at(-1)?.title).toBe('Entry 79');
  });

  it('leaves a feed of 50 or fewer items whole', () => {
    const feed = manyItems(50);
    expect(keepShownItems(feed, MAX_ITEMS)).toBe(feed);
  });
});

describe('very large titles and descriptions', () => {
  it('cuts the markup before turning it into text, and still shows an excerpt and the first image', () => {
    const paragraph = '<p>Designing with people, not for them, is slower at first and faster after. </p>';
    const huge = `<img src="https://cdn.example.com/cover.png">${paragraph.repeat(10_000)}`;
    const feed =
      `<rss version="2.0"><channel><item><title><![CDATA[${'<b>Long</b> title '.repeat(20_000)}]]></title>` +
      `<link>https://blog.example.com/big</link><description><![CDATA[${huge}]]></description>` +
      `<content:encoded><![CDATA[${huge}]]></content:encoded></item></channel></rss>`;
    expect(feed.length).toBeGreaterThan(1_500_000);
    const started = performance.now();
    const [item] = parseFeed(feed);
    const elapsed = performance.now() - started;
    expect(item?.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH + 1);
    expect(item?.description).toMatch(/^Designing with people/);
    expect(item?.thumbnail).toBe('https://cdn.example.com/cover.png');
    // The whole title was 300,000 characters of markup; only the first TITLE_MARKUP_MAX are read.
    expect(item?.title.length).toBeLessThanOrEqual(TITLE_MARKUP_MAX);
    expect(item?.title).toMatch(/^Long title Long title/);
    // Loose, for a busy machine: converting the uncut markup took 2.5 to 6.5 s here.
    expect(elapsed).toBeLessThan(2_000);
  });
});
