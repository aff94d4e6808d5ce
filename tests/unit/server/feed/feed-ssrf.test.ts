import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedError } from '../../../../src/server/feed/feed-error.ts';
import { fetchFeedText } from '../../../../src/server/feed/fetch-feed.ts';
import { createPovService } from '../../../../src/server/feed/pov-service.ts';
import { isPublicAddress } from '../../../../src/server/http/ip-address.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { fixtureFeed, startFeedServer, xml, type FeedServer } from '../../../support/feed-server.ts';

/**
 * Every test here sends traffic to 127.0.0.1 only. Names resolve through a stub lookup; a lookup
 * that answers a non-loopback address is refused before any connection is made.
 */
let feeds: FeedServer;
let port: number;

beforeAll(async () => {
  feeds = await startFeedServer();
  port = Number(new URL(feeds.url('/')).port);
  feeds.route('/feed.xml', xml(fixtureFeed('medium.xml')));
  feeds.route(
    '/secret',
    xml(
      '<rss version="2.0"><channel><item><title>internal</title><link>https://x.example/</link></item></channel></rss>',
    ),
  );
});

afterAll(() => feeds.close());

/** A DNS stand-in: names map to fixed addresses; every lookup is recorded. */
function stubLookup(table: Record<string, string | string[]>) {
  const asked: string[] = [];
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    asked.push(hostname);
    const entry = table[hostname];
    if (!entry) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    const addresses = (Array.isArray(entry) ? entry : [entry]).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]?.address, addresses[0]?.family);
  }) as unknown as LookupFunction;
  return { lookup, asked };
}

function redirectTo(location: string) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(302, { location }).end();
  };
}

async function failure(promise: Promise<unknown>): Promise<FeedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedError);
    return error as FeedError;
  }
  throw new Error('expected the feed to be refused');
}

const limits = { timeoutMs: 3_000, maxBytes: 2 * 1024 * 1024 };

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    '100::1',
    '::127.0.0.1',
    'localhost',
    '',
    'not-an-address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the feed reader connects only to public addresses', () => {
  it('refuses a name that resolves to loopback, in the connection’s own lookup', async () => {
    const { lookup, asked } = stubLookup({ 'blog.test': '127.0.0.1' });
    const before = feeds.requests('/feed.xml');
    const error = await failure(fetchFeedText(`http://blog.test:${port}/feed.xml`, { ...limits, lookup }));
    expect(error.code).toBe('refused');
    expect(error.message).toBe('The blog feed could not be reached.');
    expect(asked).toContain('blog.test');
    expect(feeds.requests('/feed.xml')).toBe(before);
  });

  it('reads the same feed when POV_FEED_ALLOW_PRIVATE allows loopback (tests and local fixtures)', async () => {
    const { lookup } = stubLookup({ 'blog.test': '127.0.0.1' });
    const text = await fetchFeedText(`http://blog.test:${port}/feed.xml`, {
      ...limits,
      lookup,
      allowPrivateAddresses: true,
    });
    expect(text).toBe(fixtureFeed('medium.xml'));
    expect(loadSettings({ POV_FEED_ALLOW_PRIVATE: '1' }).POV_FEED_ALLOW_PRIVATE).toBe(true);
    expect(loadSettings({}).POV_FEED_ALLOW_PRIVATE).toBe(false);
  });

  it.each([
    ['a private network', '10.0.0.5'],
    ['the cloud metadata service', '169.254.169.254'],
    ['IPv6 loopback', '::1'],
    ['an IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['a unique local IPv6 address', 'fd00::5'],
    ['carrier-grade NAT', '100.64.3.4'],
    ['this host', '0.0.0.0'],
    ['a public and a private address at once (rebinding)', ['93.184.216.34', '10.0.0.5']],
  ])('refuses a name resolving to %s before connecting', async (_what, addresses) => {
    const { lookup } = stubLookup({ 'blog.test': addresses });
    const error = await failure(fetchFeedText(`https://blog.test/feed`, { ...limits, lookup }));
    expect(error.code).toBe('refused');
  });

  it.each([
    `http://127.0.0.1:PORT/feed.xml`,
    `http://[::1]:PORT/feed.xml`,
    `http://[::ffff:127.0.0.1]:PORT/feed.xml`,
    `http://0x7f000001:PORT/feed.xml`,
    `http://2130706433:PORT/feed.xml`,
    `http://127.1:PORT/feed.xml`,
    `http://0:PORT/feed.xml`,
  ])('refuses the address literal %s without a lookup', async (url) => {
    const before = feeds.requests('/feed.xml');
    const error = await failure(fetchFeedText(url.replace('PORT', String(port)), limits));
    expect(error.code).toBe('refused');
    expect(feeds.requests('/feed.xml')).toBe(before);
  });
});

describe('redirects', () => {
  // The blog host is "public" for these tests (127.0.0.1 stands in for it); 127.0.0.2 stands for
  // an internal host. 127.0.0.2 is never connected to: the refusal comes first.
  const blogOnly = (address: string) => address === '127.0.0.1';
  const { lookup } = stubLookup({
    'blog.test': '127.0.0.1',
    'internal.test': '127.0.0.2',
    'metadata.test': '169.254.169.254',
  });
  const options = { ...limits, lookup, isAllowedAddress: blogOnly };

  it('follows a redirect to an allowed host', async () => {
    feeds.route('/moved', redirectTo(`http://blog.test:${port}/feed.xml`));
    await expect(fetchFeedText(`http://blog.test:${port}/moved`, options)).resolves.toBe(fixtureFeed('medium.xml'));
  });

  it('follows a relative redirect', async () => {
    feeds.route('/relative', redirectTo('/feed.xml'));
    await expect(fetchFeedText(`http://blog.test:${port}/relative`, options)).resolves.toBe(fixtureFeed('medium.xml'));
  });

  it.each([
    ['a name resolving to an internal address', 'http://internal.test:PORT/secret'],
    ['an internal address literal', 'http://127.0.0.2:PORT/secret'],
    ['the metadata service by name', 'http://metadata.test/latest/meta-data/'],
    ['the metadata service by address', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:PORT/secret'],
  ])('refuses a redirect to %s', async (_what, target) => {
    const path = `/to-${Math.random().toString(36).slice(2)}`;
    feeds.route(path, redirectTo(target.replace('PORT', String(port))));
    const before = feeds.requests('/secret');
    const error = await failure(fetchFeedText(`http://blog.test:${port}${path}`, options));
    expect(error.code).toBe('refused');
    expect(feeds.requests('/secret')).toBe(before);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://blog.test/feed',
    'data:text/xml,<rss/>',
    'gopher://blog.test:70/',
    'javascript:alert(1)',
  ])('refuses a redirect to %s (http and https only)', async (target) => {
    const path = `/scheme-${Math.random().toString(36).slice(2)}`;
    feeds.route(path, redirectTo(target));
    const error = await failure(fetchFeedText(`http://blog.test:${port}${path}`, options));
    expect(error.code).toBe('refused');
  });

  it('follows at most 3 redirects', async () => {
    for (let hop = 1; hop <= 4; hop += 1) feeds.route(`/hop${hop}`, redirectTo(`/hop${hop + 1}`));
    feeds.route('/hop5', xml(fixtureFeed('medium.xml')));
    feeds.route('/three1', redirectTo('/hop3'));
    // /three1 -> /hop3 -> /hop4 -> /hop5: three redirects.
    await expect(fetchFeedText(`http://blog.test:${port}/three1`, options)).resolves.toBe(fixtureFeed('medium.xml'));
    const before = feeds.requests('/hop5');
    // /hop1 -> /hop2 -> /hop3 -> /hop4 -> /hop5: four.
    const error = await failure(fetchFeedText(`http://blog.test:${port}/hop1`, options));
    expect(error.code).toBe('redirects');
    expect(feeds.requests('/hop5')).toBe(before);
  });

  it('never shows an internal page through the service', async () => {
    feeds.route('/bounce', redirectTo(`http://internal.test:${port}/secret`));
    const answer = await createPovService({
      feedUrl: `http://blog.test:${port}/bounce`,
      lookup,
      isAllowedAddress: blogOnly,
    }).get();
    expect(answer).toEqual({ status: 'error', message: 'The blog feed could not be reached.' });
  });
});
