/**
 * Server side of a save in local mode: Keystatic's own API writes whatever the browser sends. Before
 * it does, each content file of the save is read through Keystatic's reader, with every rule of the
 * editor's fields (the same as the build's: tests/unit/cms/schema-agreement.test.ts), from a scratch
 * folder. A file that fails is refused with the file and the field, and nothing is written.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReader } from '@keystatic/core/reader';
import type { cmsConfig } from './config.ts';

type CmsConfig = ReturnType<typeof cmsConfig>;

interface Target {
  kind: 'collection' | 'singleton';
  key: string;
  slug?: string;
}

/** Which entry a saved file is: only the exact file names the configuration defines. */
function targetOf(config: CmsConfig, file: string): Target | undefined {
  for (const [key, collection] of Object.entries(config.collections ?? {})) {
    const folder = (collection.path ?? '').replace(/\*$/, '');
    const format = collection.format;
    const extension = typeof format === 'object' && format.contentField ? 'md' : 'json';
    const match = file.startsWith(folder)
      ? /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(json|md)$/.exec(file.slice(folder.length))
      : null;
    if (match?.[1] && match[2] === extension) return { kind: 'collection', key, slug: match[1] };
  }
  for (const [key, singleton] of Object.entries(config.singletons ?? {})) {
    if (file === `${singleton.path}.json`) return { kind: 'singleton', key };
  }
  return undefined;
}

/** Keystatic sends file contents as base64url. */
const decode = (contents: string) => Buffer.from(contents, 'base64url');

/** undefined when every content file of the save is valid; otherwise what to tell the editor. */
export async function checkSave(config: CmsConfig, body: unknown): Promise<string | undefined> {
  const additions = (body as { additions?: unknown } | null)?.additions;
  // A malformed body is Keystatic's to refuse (400).
  if (!Array.isArray(additions)) return undefined;
  const scratch = await mkdtemp(path.join(tmpdir(), 'humanwise-save-'));
  try {
    const reader = createReader(scratch, config);
    for (const addition of additions as { path?: unknown; contents?: unknown }[]) {
      if (typeof addition.path !== 'string' || typeof addition.contents !== 'string') continue;
      const target = targetOf(config, addition.path);
      if (!target) continue;
      const file = path.join(scratch, addition.path);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, decode(addition.contents));
      try {
        if (target.kind === 'collection') {
          await (reader.collections as Record<string, { readOrThrow(slug: string): Promise<unknown> }>)[
            target.key
          ]?.readOrThrow(target.slug ?? '');
        } else {
          await (reader.singletons as Record<string, { readOrThrow(): Promise<unknown> }>)[target.key]?.readOrThrow();
        }
      } catch (error) {
        return `Not saved: ${addition.path} has a field the site does not accept. ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    return undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
