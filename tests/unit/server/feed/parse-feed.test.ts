import { describe, expect, it } from 'vitest';
import { FeedError } from '../../../../src/server/feed/feed-error.ts';
import { DESCRIPTION_MAX_LENGTH, parseFeed, shortenAtWordBoundary } from '../../../../src/server/feed/parse-feed.ts';
import { fixtureFeed } from '../../../support/feed-server.ts';

function rss(items: string, namespaces = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" ${namespaces}><channel><title>Point of View</title><link>https://blog.example.com/</link>
<description>Notes</description>${items}</channel></rss>`;
}

describe('parseFeed: Medium-shaped RSS 2.0', () => {
  const items = parseFeed(fixtureFeed('medium.xml'));

  it('reads every item in feed order with title and link', () => {
    expect(items.map((i) => i.title)).toEqual([
      'Map the service before you automate it',
      'The touchpoints worth keeping human',
      'Experiments your CFO will fund',
      'Momentum after the workshop',
    ]);
    expect(items[0]?.link).toBe(
      'https://medium.example.com/@humanwise/map-the-service-before-you-automate-it-3f2a1b7c9d10?source=rss-4a1f2c9d7e3b------2',
    );
  });

  it('takes the thumbnail from the first figure image in content:encoded', () => {
    expect(items[0]?.thumbnail).toBe('https://cdn.example.com/max/1024/1*service-blueprint.png');
    expect(items[1]?.thumbnail).toBe('https://cdn.example.com/max/1024/1*reception-desk.jpeg');
    expect(items[3]?.thumbnail).toBe('https://cdn.example.com/max/1024/1*weekly-rhythm.png');
  });

  it('dates each item from its pubDate, as an ISO instant', () => {
    expect(items.map((i) => i.published)).toEqual([
      '2025-03-11T14:20:41.000Z',
      '2025-02-25T16:05:12.000Z',
      '2025-02-11T13:40:09.000Z',
      '2025-01-28T15:12:55.000Z',
    ]);
  });

  it('gives no date rather than a wrong one when pubDate is missing or unreadable', () => {
    const undated = parseFeed(
      rss(
        '<item><title>A</title><link>https://blog.example.com/a</link></item>' +
          '<item><title>B</title><link>https://blog.example.com/b</link><pubDate>next Tuesday</pubDate></item>',
      ),
    );
    expect(undated.map((i) => i.published)).toEqual([null, null]);
  });

  it('ignores the 1×1 tracking pixel and the channel image', () => {
    expect(items[2]?.thumbnail).toBeNull();
  });

  it('builds the description from content:encoded as plain text, without caption or repeated title', () => {
    const first = items[0]?.description ?? '';
    expect(first.startsWith('Most AI pilots we are asked to rescue share one trait')).toBe(true);
    expect(first).not.toMatch(/[<>]/);
    expect(first).not.toContain('Every handoff on this wall');
    expect(items[1]?.description.startsWith('When a global healthcare company asked us')).toBe(true);
  });

  it('shortens long descriptions at a word boundary with an ellipsis', () => {
    for (const item of items) {
      expect(item.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH + 1);
      expect(item.description.endsWith('…')).toBe(true);
    }
    expect(items[0]?.description).toBe(
      'Most AI pilots we are asked to rescue share one trait: the team automated a step before anyone had drawn the service around it. The model worked. The experience did not. A service blueprint takes two working sessions. It…',
    );
  });
});

describe('parseFeed: Atom', () => {
  const entries = parseFeed(fixtureFeed('atom.xml'));

  it('reads entries with their alternate link and drops entries without a web address', () => {
    expect(entries.map((e) => e.link)).toEqual([
      'https://blog.example.com/pov/agents-that-ask',
      'https://blog.example.com/pov/pilots-then-platforms',
      'https://blog.example.com/pov/research-rhythm',
    ]);
  });

  it('reads html, xhtml and text constructs as plain text', () => {
    expect(entries[0]).toEqual({
      title: 'Agents that know when to ask a person',
      link: 'https://blog.example.com/pov/agents-that-ask',
      description:
        'An agent that never hands over is a liability. We design the escalation path first: the signals that mean a person should step in, and what that person sees when they do.',
      thumbnail: 'https://cdn.example.com/pov/agents-that-ask.png',
      published: '2025-03-04T09:00:00.000Z',
    });
    expect(entries[1]?.description).toBe(
      'A national retailer wanted an AI platform. We proposed three pilots instead, each tied to one store process & one measure. Two of the three earned a place on the roadmap.',
    );
    expect(entries[2]?.title).toBe('Research & rhythm: 40 interviews in 3 sprints');
    expect(entries[2]?.thumbnail).toBeNull();
  });

  it('resolves a relative image in xhtml content against the entry link', () => {
    expect(entries[1]?.thumbnail).toBe('https://blog.example.com/images/pov/pilots.jpg');
  });

  it('reads an Atom image enclosure link and media:thumbnail', () => {
    const [withEnclosure, withMedia] =
      parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <entry><title>One</title><link href="https://blog.example.com/one"/>
        <link rel="enclosure" type="image/png" href="https://cdn.example.com/one.png"/></entry>
      <entry><title>Two</title><link href="https://blog.example.com/two"/>
        <media:thumbnail url="https://cdn.example.com/two.jpg"/></entry>
    </feed>`);
    expect(withEnclosure?.thumbnail).toBe('https://cdn.example.com/one.png');
    expect(withMedia?.thumbnail).toBe('https://cdn.example.com/two.jpg');
  });

  it('accepts an Atom feed without entries', () => {
    expect(parseFeed('<feed xmlns="http://www.w3.org/2005/Atom"><title>Empty</title></feed>')).toEqual([]);
  });
});

describe('parseFeed: thumbnail fallback order', () => {
  it('prefers media:thumbnail over a video media:content and an image in the description', () => {
    const [item] = parseFeed(fixtureFeed('media-thumbnail.xml'));
    expect(item?.thumbnail).toBe('https://cdn.example.com/pov/second-week-thumb.jpg');
    expect(item?.description).toBe('Adoption is decided in the second week, when the novelty is gone.');
  });

  it('uses media:content only when it is an image, also inside media:group', () => {
    const items = parseFeed(fixtureFeed('media-thumbnail.xml'));
    expect(items[1]?.thumbnail).toBe('https://cdn.example.com/pov/stops-doing.jpg');
    expect(items[2]?.thumbnail).toBe('https://cdn.example.com/pov/grouped-media.webp');
  });

  it('falls back to the first image inside the description', () => {
    const items = parseFeed(fixtureFeed('media-thumbnail.xml'));
    expect(items[3]?.thumbnail).toBe('https://cdn.example.com/pov/video-only-still.png');
  });

  it('uses an enclosure whose type is an image, skipping audio', () => {
    const items = parseFeed(fixtureFeed('enclosure.xml'));
    expect(items[0]?.thumbnail).toBe('https://cdn.example.com/pov/culture-code.jpg');
    expect(items[1]?.thumbnail).toBeNull();
  });

  it('prefers the description image over one in content:encoded', () => {
    const [item] = parseFeed(
      rss(
        `<item><title>Both</title><link>https://blog.example.com/both</link>
        <description>&lt;img src="https://cdn.example.com/from-description.png"&gt;Short summary.</description>
        <content:encoded><![CDATA[<p><img src="https://cdn.example.com/from-content.png">Full article.</p>]]></content:encoded></item>`,
        'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
      ),
    );
    expect(item?.thumbnail).toBe('https://cdn.example.com/from-description.png');
    expect(item?.description).toBe('Short summary.');
  });

  it('keeps only http(s) thumbnails', () => {
    const [item] = parseFeed(
      rss(`<item><title>Unsafe image</title><link>https://blog.example.com/unsafe</link>
        <enclosure url="javascript:alert(1)" type="image/png" length="1"/>
        <description>&lt;img src="data:image/png;base64,AAAA"&gt;Text.</description></item>`),
    );
    expect(item?.thumbnail).toBeNull();
  });
});

describe('parseFeed: links', () => {
  const items = parseFeed(fixtureFeed('javascript-link.xml'));

  it('drops items whose link is javascript:, data: or missing', () => {
    expect(items.map((i) => i.title)).toEqual(['Permalink guid', 'Ordinary article']);
    expect(JSON.stringify(items)).not.toContain('javascript:');
    expect(JSON.stringify(items)).not.toContain('data:');
  });

  it('uses a permalink guid as the address, trims links and resolves protocol-relative images', () => {
    expect(items[0]?.link).toBe('https://blog.example.com/pov/permalink-guid');
    expect(items[0]?.thumbnail).toBeNull();
    expect(items[1]?.link).toBe('https://blog.example.com/pov/ordinary-article');
    expect(items[1]?.thumbnail).toBe('https://cdn.example.com/pov/ordinary.png');
  });
});

describe('parseFeed: plain text from markup', () => {
  const items = parseFeed(fixtureFeed('entities.xml'));

  it('decodes entities in titles and links', () => {
    expect(items[0]?.title).toBe('Design & AI: what’s worth automating');
    expect(items[0]?.link).toBe('https://blog.example.com/pov/worth-automating?utm_source=rss&utm_medium=feed');
  });

  it('removes nested tags and scripts and decodes &amp;, &#8217; and &nbsp;', () => {
    expect(items[0]?.description).toBe(
      'We don’t start with the model. We start with the people doing the work & the customers they serve. Observe Prototype',
    );
    expect(items[0]?.description).not.toContain('trackReader');
    expect(items[0]?.description).not.toContain('\u00a0');
  });

  it('reads CDATA descriptions, collapses whitespace and drops link addresses', () => {
    expect(items[1]?.description).toBe(
      'Who is this for? What will they stop doing? And how will we know it worked & kept their trust? Read more',
    );
  });

  it('shortens a long description at a word boundary', () => {
    expect(items[2]?.description).toBe(
      'Orchestration is the quiet work of making many good parts behave like one service. In large organizations the parts already exist: research teams, data platforms, design systems, pilot budgets and steering committees…',
    );
  });

  it('keeps markup-like text in an Atom text construct as text', () => {
    const [entry] = parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><entry>
      <title type="text">When &lt;b&gt; is not bold</title><link href="https://blog.example.com/t"/>
      <summary>Use &amp;lt; in HTML to show a &lt; sign.</summary></entry></feed>`);
    expect(entry?.title).toBe('When <b> is not bold');
    expect(entry?.description).toBe('Use &lt; in HTML to show a < sign.');
  });
});

describe('shortenAtWordBoundary', () => {
  it('leaves short text alone', () => {
    expect(shortenAtWordBoundary('Short and complete.', 220)).toBe('Short and complete.');
    expect(shortenAtWordBoundary('x'.repeat(220), 220)).toBe('x'.repeat(220));
  });

  it('cuts at the last space before the limit and drops trailing punctuation', () => {
    expect(shortenAtWordBoundary('Design with people, then scale with systems.', 22)).toBe('Design with people…');
    expect(shortenAtWordBoundary('one two three four', 13)).toBe('one two three…');
  });

  it('cuts inside a single very long word rather than returning nothing', () => {
    const result = shortenAtWordBoundary(`${'a'.repeat(300)} end`, 220);
    expect(result).toBe(`${'a'.repeat(220)}…`);
  });

  it('does not split a surrogate pair', () => {
    const result = shortenAtWordBoundary('😀'.repeat(200), 221);
    expect(result.endsWith('😀…')).toBe(true);
  });
});

describe('parseFeed: not a feed', () => {
  it.each([
    ['an HTML page', fixtureFeed('not-a-feed.html')],
    ['JSON', '{"status":"ok","items":[]}'],
    ['an empty body', ''],
    ['plain text', 'Service temporarily unavailable'],
    ['XML that is not a feed', '<?xml version="1.0"?><sitemap><url>https://www.example.com/</url></sitemap>'],
    ['RSS without a channel', '<rss version="2.0"></rss>'],
    ['truncated XML', fixtureFeed('medium.xml').slice(0, 1500)],
  ])('throws a FeedError for %s', (_label, body) => {
    let caught: unknown;
    try {
      parseFeed(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FeedError);
    expect((caught as FeedError).message).toBe('The blog feed could not be read.');
    expect((caught as FeedError).code).toBe('invalid');
  });

  it('returns no items for an RSS channel without items', () => {
    expect(parseFeed(fixtureFeed('empty.xml'))).toEqual([]);
  });
});
