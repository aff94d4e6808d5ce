import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, parseIfNoneMatch } from '../../../../src/server/http/conditional.ts';
import { negotiateEncoding, type StaticAsset } from '../../../../src/server/http/static-files.ts';
import { rawRequest, type RunningApp, startApp } from '../app-harness.ts';

describe('If-None-Match', () => {
  const etag = '"abc123"';

  it.each([
    ['"abc123"', true],
    ['W/"abc123"', true],
    ['*', true],
    ['"zzz", "abc123"', true],
    ['"zzz",W/"abc123"', true],
    [' "zzz" , , W/"abc123" ', true],
    ['"zzz"', false],
    ['W/"zzz"', false],
    ['abc123', false],
    ['"abc123', false],
    ['', false],
    ['"abc"123"', false],
  ])('%j matches: %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });

  it('reads lists into their opaque tags', () => {
    expect(parseIfNoneMatch('W/"a", "b", *')).toEqual(['"a"', '"b"', '*']);
    expect(parseIfNoneMatch('garbage')).toBeNull();
  });
});

describe('Accept-Encoding with q-values', () => {
  const body = Buffer.from('x'.repeat(2000));
  const asset: StaticAsset = {
    urlPath: '/x',
    body,
    gzip: Buffer.from('gzip'),
    brotli: Buffer.from('br'),
    contentType: 'text/html',
    etag: '"x"',
    cacheControl: '',
  };

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0.5', 'gzip'],
    ['BR;Q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j gets %s', (header, expected) => {
    expect(negotiateEncoding(asset, header).encoding).toBe(expected);
  });
});

describe('HTTP details on the wire', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('answers 304 to weak, listed and * validators', async () => {
    const first = await rawRequest(app.port, '/');
    const etag = first.headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, `"other", W/${etag}`, '*']) {
      const answer = await rawRequest(app.port, '/', { headers: { 'If-None-Match': header } });
      expect(answer.status, header).toBe(304);
      expect(answer.headers.etag, header).toBe(etag);
    }
    expect((await rawRequest(app.port, '/', { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('never sends brotli to a client that refuses it, on built and on-demand pages', async () => {
    for (const path of ['/', '/privacy-policy']) {
      const refused = await rawRequest(app.port, path, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
      expect(refused.headers['content-encoding'], path).toBe('gzip');
      const none = await rawRequest(app.port, path, { headers: { 'Accept-Encoding': 'br;q=0' } });
      expect(none.headers['content-encoding'], path).toBeUndefined();
      expect(none.body, path).toContain('Human-centred design');
    }
    const built = await rawRequest(app.port, '/', { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(gunzipSync(Buffer.from(built.body, 'latin1')).toString()).toContain('Human-centred');
    const brotli = await rawRequest(app.port, '/', { headers: { 'Accept-Encoding': 'gzip;q=0.5, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(Buffer.from(brotli.body, 'latin1')).toString()).toContain('Human-centred');
  });

  it('sends HEAD the same headers as GET, on built and on-demand pages', async () => {
    // Headers that describe the connection or this moment, not the resource.
    const volatile = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
    for (const path of ['/', '/privacy-policy', '/no-such-page']) {
      for (const encoding of ['br, gzip', 'gzip', '']) {
        const headers = { 'Accept-Encoding': encoding };
        const get = await rawRequest(app.port, path, { headers });
        const head = await rawRequest(app.port, path, { method: 'HEAD', headers });
        const names = (answer: typeof get) =>
          answer.headerLines
            .filter(([name]) => !volatile.has(name))
            .map(([name, value]) => `${name}: ${value}`)
            .sort();
        expect(head.status, path).toBe(get.status);
        expect(names(head), `${path} (${encoding})`).toEqual(names(get));
        expect(head.body, path).toBe('');
      }
    }
  });

  it('answers 400 to a request with two Host headers', async () => {
    for (const hosts of [
      ['127.0.0.1', 'evil.example'],
      ['evil.example', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1'],
    ]) {
      const answer = await rawRequest(app.port, '/', { headers: { Host: hosts } });
      expect(answer.status, hosts.join(' + ')).toBe(400);
    }
    const lower = await rawRequest(app.port, '/', { headers: { Host: '127.0.0.1', host: 'evil.example' } });
    expect(lower.status).toBe(400);
    expect((await rawRequest(app.port, '/')).status).toBe(200);
  });
});
