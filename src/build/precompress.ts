import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { compress, contentHash, formNames, isCompressible, PRECOMPRESSED_DIR } from '../config/precompressed.ts';

/**
 * Writes the compressed forms of the build in `distDir` (a path ending in a separator), afresh, for
 * the server to load instead of compressing at every start (src/config/precompressed.ts).
 */
export async function precompressStaticAssets(distDir: string): Promise<void> {
  const root = `${distDir}client`;
  const target = `${distDir}${PRECOMPRESSED_DIR}`;
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  const files = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of files) {
    if (!entry.isFile()) continue;
    const absolute = join(entry.parentPath, entry.name);
    const body = await readFile(absolute);
    if (!isCompressible(relative(root, absolute), body)) continue;
    const { gzip, brotli } = compress(body);
    const names = formNames(contentHash(body));
    await writeFile(join(target, names.gzip), gzip);
    await writeFile(join(target, names.brotli), brotli);
  }
}
