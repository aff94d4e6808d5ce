/**
 * The built files' compressed forms (`dist/precompressed`): `npm run build` writes them
 * (src/build/precompress.ts) and the server reads them (src/server/http/static-files.ts). Compressing
 * every page at brotli's best quality took about 2.2 s of a server start's 4 s of CPU; on a loaded
 * machine that start took over a minute. Each form is named by its file's ETag hash, so a form never
 * outlives its file: one edited after the build is compressed at start-up as before.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const PRECOMPRESSED_DIR = 'precompressed';

/** Every file under a build's `client` folder, as absolute paths: what the build compresses and the server holds. */
export async function builtFiles(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => !entry.isDirectory()).map((entry) => join(entry.parentPath, entry.name));
}

const compressibleTypes = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.xml', '.txt', '.webmanifest']);

/**
 * The hash a file's ETag and its compressed forms' names are made of: 96 of SHA-1's 160 bits, which
 * tell one version of a file from the next as surely and make every answer's headers 11 bytes
 * shorter (a page's first round trip carries them too).
 */
export const contentHash = (body: Buffer) => createHash('sha1').update(body).digest('base64url').slice(0, 16);

/** Text worth compressing: a file of a text type over 512 bytes (below that, headers outweigh the gain). */
export function isCompressible(file: string, body: Buffer): boolean {
  return compressibleTypes.has(extname(file)) && body.length > 512;
}

export function compress(body: Buffer): { gzip: Buffer; brotli: Buffer } {
  // Quality 11 for the site's files; the editor's bundle (about 3 MB, CMS_MODE local or github) at 11
  // would hold the build (and, without its compressed forms, a start) for half a minute, for a few
  // percent fewer bytes.
  const quality = body.length > 1024 * 1024 ? 6 : 11;
  return {
    gzip: gzipSync(body, { level: 9 }),
    brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } }),
  };
}

/** The names of a file's two forms in PRECOMPRESSED_DIR. */
export const formNames = (hash: string) => ({ gzip: `${hash}.gz`, brotli: `${hash}.br` });
