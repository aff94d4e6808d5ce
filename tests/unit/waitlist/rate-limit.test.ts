import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientKey, createRateLimiter } from '../../../src/server/http/rate-limit.ts';

const clock = (start = 1_000_000) => {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
};

describe('createRateLimiter', () => {
  it('allows `limit` attempts per window, then refuses with Retry-After', async () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: c.now });
    expect((await limiter.check('a')).allowed).toBe(true);
    c.advance(10_000);
    expect((await limiter.check('a')).allowed).toBe(true);
    expect((await limiter.check('a')).allowed).toBe(true);
    const denied = await limiter.check('a');
    expect(denied).toEqual({ allowed: false, retryAfterSeconds: 50 });
    c.advance(30_000);
    expect(await limiter.check('a')).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('slides: an attempt frees up once it is older than the window', async () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: c.now });
    await limiter.check('a');
    c.advance(30_000);
    await limiter.check('a');
    expect((await limiter.check('a')).allowed).toBe(false);
    c.advance(30_000); // the first attempt is now exactly a window old
    expect((await limiter.check('a')).allowed).toBe(true);
    expect((await limiter.check('a')).allowed).toBe(false);
  });

  it('does not count refused attempts', async () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: c.now });
    await limiter.check('a');
    for (let i = 0; i < 10; i += 1) await limiter.check('a');
    c.advance(1000);
    expect((await limiter.check('a')).allowed).toBe(true);
  });

  it('keeps clients apart', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    expect((await limiter.check('a')).allowed).toBe(true);
    expect((await limiter.check('b')).allowed).toBe(true);
    expect((await limiter.check('a')).allowed).toBe(false);
  });

  it('peek answers without counting', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    expect((await limiter.peek('a')).allowed).toBe(true);
    expect((await limiter.peek('a')).allowed).toBe(true);
    await limiter.check('a');
    expect((await limiter.peek('a')).allowed).toBe(false);
    expect((await limiter.peek('a')).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('is off when the limit is 0', async () => {
    const limiter = createRateLimiter({ limit: 0, windowMs: 60_000 });
    for (let i = 0; i < 100; i += 1) expect((await limiter.check('a')).allowed).toBe(true);
    expect(limiter.size()).toBe(0);
  });

  it('keeps memory bounded: expired clients are pruned and the key count is capped', async () => {
    const c = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, maxKeys: 100, now: c.now });
    for (let i = 0; i < 1000; i += 1) await limiter.check(`client-${i}`);
    expect(limiter.size()).toBe(100);
    c.advance(1001);
    await limiter.check('late');
    expect(limiter.size()).toBe(1);
  });
});

describe('clientKey', () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;

  it('uses the socket address unless the proxy is trusted', () => {
    expect(clientKey(request('10.0.0.2', '203.0.113.9'), false)).toBe('10.0.0.2');
  });
  it('behind a trusted proxy uses the hop the proxy appended', () => {
    expect(clientKey(request('10.0.0.2', '203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientKey(request('10.0.0.2', '198.51.100.1, 203.0.113.9'), true)).toBe('203.0.113.9');
  });
  it('falls back to the socket address without a usable header', () => {
    expect(clientKey(request('10.0.0.2'), true)).toBe('10.0.0.2');
    expect(clientKey(request('10.0.0.2', ' , '), true)).toBe('10.0.0.2');
  });
});
