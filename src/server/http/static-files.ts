import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import Negotiator from 'negotiator';
import {
  builtFiles,
  compress,
  contentHash,
  formNames,
  isCompressible,
  PRECOMPRESSED_DIR,
} from '../../config/precompressed.ts';
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

/** URL paths a built file answers: "about.html" -> "/about", "index.html" -> "/". */
function urlPathsFor(file: string): string[] {
  const path = `/${file.split(sep).join('/')}`;
  if (path === '/index.html') return ['/'];
  if (path.endsWith('/index.html')) return [path.slice(0, -'/index.html'.length)];
  if (path.endsWith('.html')) return [path.slice(0, -'.html'.length)];
  return [path];
}

/** A file's compressed forms as the build left them, or undefined where it left none for this content. */
async function storedForms(dir: string, hash: string) {
  try {
    const names = formNames(hash);
    const [gzip, brotli] = await Promise.all([readFile(join(dir, names.gzip)), readFile(join(dir, names.brotli))]);
    return { gzip, brotli };
  } catch {
    return undefined;
  }
}

/** Loads every file of the build in `distDir` (a path ending in a separator), with its compressed forms. */
export async function loadStaticAssets(distDir: string): Promise<Map<string, StaticAsset>> {
  const root = `${distDir}client`;
  const assets = new Map<string, StaticAsset>();
  for (const absolute of await builtFiles(root)) {
    const file = relative(root, absolute);
    const ext = extname(file);
    const body = await readFile(absolute);
    const hashed = file.startsWith(`_astro${sep}`);
    const hash = contentHash(body);
    const asset: StaticAsset = {
      urlPath: '',
      body,
      contentType: contentTypes[ext] ?? 'application/octet-stream',
      etag: `"${hash}"`,
      // Hashed build assets never change; pages revalidate so a deploy shows at once.
      cacheControl: hashed
        ? 'public, max-age=31536000, immutable'
        : ext === '.html'
          ? 'public, max-age=0, must-revalidate'
          : 'public, max-age=3600',
    };
    if (ext === '.html') asset.scriptHashes = inlineScriptHashes(body.toString('utf8'));
    if (isCompressible(file, body)) {
      const { gzip, brotli } = (await storedForms(`${distDir}${PRECOMPRESSED_DIR}`, hash)) ?? compress(body);
      asset.gzip = gzip;
      asset.brotli = brotli;
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
