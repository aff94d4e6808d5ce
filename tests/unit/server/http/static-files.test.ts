import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressStaticAssets } from '../../../../src/build/precompress.ts';
import { PRECOMPRESSED_DIR } from '../../../../src/config/precompressed.ts';
import { loadStaticAssets } from '../../../../src/server/http/static-files.ts';

/** A page long enough to be compressed (over 512 bytes). */
const page = (words: string) => `<!doctype html><title>${words}</title><p>${`${words} `.repeat(60)}</p>`;

describe('the build’s compressed forms', () => {
  let dist: string;
  beforeEach(() => {
    dist = `${mkdtempSync(path.join(tmpdir(), 'humanwise-static-'))}/`;
    mkdirSync(`${dist}client/_astro`, { recursive: true });
    writeFileSync(`${dist}client/about.html`, page('About the practice'));
    writeFileSync(
      `${dist}client/_astro/island.js`,
      `export const copy = ${JSON.stringify(page('the island module'))};`,
    );
    writeFileSync(`${dist}client/robots.txt`, 'User-agent: *\n');
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('are written for each compressible file over 512 bytes, and are what the server then holds', async () => {
    await precompressStaticAssets(dist);
    const stored = readdirSync(`${dist}${PRECOMPRESSED_DIR}`).sort();
    // The page and the island, each as gzip and brotli; robots.txt is too small to gain from it.
    expect(stored).toHaveLength(4);

    // Replaced by a brotli the server would never make (quality 1): it serves these very bytes.
    const about = await loadStaticAssets(dist).then((assets) => assets.get('/about'));
    // 16 characters of hash: every answer's headers count against a page's first round trip.
    expect(about?.etag).toMatch(/^"[\w-]{16}"$/);
    const brName = stored.find((name) => `"${name.replace(/\.br$/, '')}"` === about?.etag);
    expect(brName).toBeDefined();
    const quick = brotliCompressSync(readFileSync(`${dist}client/about.html`), {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 1 },
    });
    writeFileSync(`${dist}${PRECOMPRESSED_DIR}/${brName}`, quick);
    const reloaded = (await loadStaticAssets(dist)).get('/about');
    expect(reloaded?.brotli?.equals(quick)).toBe(true);
    expect(brotliDecompressSync(reloaded!.brotli!).toString()).toBe(page('About the practice'));
  });

  it('never outlive their file: a file changed after the build is compressed as it is now', async () => {
    await precompressStaticAssets(dist);
    writeFileSync(`${dist}client/about.html`, page('About the practice, edited'));
    const about = (await loadStaticAssets(dist)).get('/about');
    expect(brotliDecompressSync(about!.brotli!).toString()).toBe(page('About the practice, edited'));
    expect(gunzipSync(about!.gzip!).toString()).toBe(page('About the practice, edited'));
  });

  it('are optional: a build without them is compressed at start-up', async () => {
    const assets = await loadStaticAssets(dist);
    expect(brotliDecompressSync(assets.get('/about')!.brotli!).toString()).toBe(page('About the practice'));
    expect(gunzipSync(assets.get('/_astro/island.js')!.gzip!).toString()).toContain('island');
    expect(assets.get('/robots.txt')?.brotli).toBeUndefined();
  });

  it('are written afresh by each build, with none left from the one before', async () => {
    await precompressStaticAssets(dist);
    writeFileSync(`${dist}client/about.html`, page('About the practice, rebuilt'));
    await precompressStaticAssets(dist);
    expect(readdirSync(`${dist}${PRECOMPRESSED_DIR}`)).toHaveLength(4);
  });
});
