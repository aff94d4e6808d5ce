/** The content files, read as the tests' source of truth for what each page must show. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const contentRoot = resolve(import.meta.dirname, '../../src/content');

// biome-ignore lint/suspicious/noExplicitAny: tests read content fields freely; the content schemas (astro sync) are what type-check the files
export function readContent<T = Record<string, any>>(path: string): T {
  return JSON.parse(readFileSync(resolve(contentRoot, path), 'utf8')) as T;
}
