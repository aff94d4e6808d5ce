/** The content files, read as the tests' source of truth for what each page must show. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const contentRoot = resolve(import.meta.dirname, '../../src/content');

export function readContent<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(resolve(contentRoot, path), 'utf8')) as T;
}
