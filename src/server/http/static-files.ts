import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';
import { inlineScriptHashes } from './inline-script-hashes.ts';

/** One built file, held in memory with its compressed forms (the whole site is a few megabytes). */
export interface StaticAsset {
  urlPath: string;
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
  /** For pages: the sha256 CSP sources of their own inline scripts, so each page allows only those. */
  scriptHashes?: string[];
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.xml', '.txt', '.webmanifest']);

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return files.flat();
}

/** URL paths a built file answers: "about.html" -> "/about", "index.html" -> "/". */
function urlPathsFor(file: string): string[] {
  const path = `/${file.split(sep).join('/')}`;
  if (path === '/index.html') return ['/'];
  if (path.endsWith('/index.html')) return [path.slice(0, -'/index.html'.length)];
  if (path.endsWith('.html')) return [path.slice(0, -'.html'.length)];
  return [path];
}

export async function loadStaticAssets(root: string): Promise<Map<string, StaticAsset>> {
  const assets = new Map<string, StaticAsset>();
  for (const absolute of await walk(root)) {
    const file = relative(root, absolute);
    const ext = extname(file);
    const body = await readFile(absolute);
    const hashed = file.startsWith(`_astro${sep}`);
    const asset: StaticAsset = {
      urlPath: '',
      body,
      contentType: contentTypes[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      // Hashed build assets never change; pages revalidate so a deploy shows at once.
      cacheControl: hashed
        ? 'public, max-age=31536000, immutable'
        : ext === '.html'
          ? 'public, max-age=0, must-revalidate'
          : 'public, max-age=3600',
    };
    if (ext === '.html') asset.scriptHashes = inlineScriptHashes(body.toString('utf8'));
    if (compressible.has(ext) && body.length > 512) {
      asset.gzip = gzipSync(body, { level: 9 });
      // Quality 11 for the site's files; the editor's bundle (about 3 MB, CMS_MODE local or github) at 11
      // would hold the start-up for half a minute on a small server, for a few percent fewer bytes.
      const quality = body.length > 1024 * 1024 ? 6 : 11;
      asset.brotli = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality } });
    }
    for (const urlPath of urlPathsFor(file)) assets.set(urlPath, { ...asset, urlPath });
  }
  return assets;
}

/**
 * Picks the encoding the client prefers among those we hold, reading q-values the way
 * `compression` (on-demand pages) does, with the same `negotiator`: `br;q=0` refuses brotli,
 * `*;q=0` refuses all but what is named, and equal weights prefer brotli.
 */
export function negotiateEncoding(asset: StaticAsset, acceptEncoding: string | undefined) {
  if (!asset.brotli && !asset.gzip) return { body: asset.body, encoding: undefined };
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } });
  const encoding = (negotiator.encoding as (available: string[], opts: { preferred: string[] }) => string | undefined)(
    ['br', 'gzip', 'identity'],
    { preferred: ['br', 'gzip', 'identity'] },
  );
  if (encoding === 'br' && asset.brotli) return { body: asset.brotli, encoding: 'br' as const };
  if (encoding === 'gzip' && asset.gzip) return { body: asset.gzip, encoding: 'gzip' as const };
  return { body: asset.body, encoding: undefined };
}
