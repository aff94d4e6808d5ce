import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  builtFiles,
  compress,
  contentHash,
  formNames,
  isCompressible,
  PRECOMPRESSED_DIR,
} from '../config/precompressed.ts';

/**
 * Writes the compressed forms of the build in `distDir` (a path ending in a separator), afresh, for
 * the server to load instead of compressing at every start (src/config/precompressed.ts).
 */
export async function precompressStaticAssets(distDir: string): Promise<void> {
  const root = `${distDir}client`;
  const target = `${distDir}${PRECOMPRESSED_DIR}`;
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  for (const absolute of await builtFiles(root)) {
    const body = await readFile(absolute);
    if (!isCompressible(relative(root, absolute), body)) continue;
    const { gzip, brotli } = compress(body);
    const names = formNames(contentHash(body));
    await writeFile(join(target, names.gzip), gzip);
    await writeFile(join(target, names.brotli), brotli);
  }
}
