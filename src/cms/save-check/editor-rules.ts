/**
 * Each saved content file read through Keystatic's reader, with every rule of the editor's fields
 * (the same as the build's, field by field: tests/unit/cms/schema-agreement.test.ts), from a scratch
 * folder: what any client could send around the editor's own form is refused as the form would.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReader } from '@keystatic/core/reader';
import type { CmsConfig, Entry } from './entries.ts';

type Readers = Record<string, { readOrThrow(...slug: string[]): Promise<unknown> }>;

/** undefined when every file reads; otherwise what to tell the editor about the first that does not. */
export async function checkEditorRules(
  config: CmsConfig,
  files: { file: string; contents: Buffer; entry: Entry }[],
): Promise<string | undefined> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'humanwise-save-'));
  try {
    const reader = createReader(scratch, config);
    for (const { file, contents, entry } of files) {
      await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
      await writeFile(path.join(scratch, file), contents);
      const readers = (entry.kind === 'collection' ? reader.collections : reader.singletons) as Readers;
      try {
        await readers[entry.key]?.readOrThrow(...(entry.slug ? [entry.slug] : []));
      } catch (error) {
        return `Not saved: ${file} has a field the site does not accept. ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    return undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
