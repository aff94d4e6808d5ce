/**
 * Every Markdown body the editor edits opens in it. Keystatic's reader (schema-agreement.test.ts)
 * reads a body as text; the editor's own form parses it as MDX, which refuses what Markdown allows
 * (an HTML comment, `{...}`): the legal texts once held both and would not open at all, with
 * "Unexpected character `!`". So each file passes the check the build and the save make with that
 * parse (src/lib/content/editor-markdown.ts), and each body goes through the MDX field's parse and
 * serialize, the editor's open and save, and must come back with every token the pages rely on as written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// The browser's build: the package's Node build stubs out the form fields' parse, which only the
// editor's page runs.
import { fields } from '../../../node_modules/@keystatic/core/dist/keystatic-core.js';
import { createReader } from '@keystatic/core/reader';
import { cmsConfig } from '../../../src/cms/config.ts';
import { collections } from '../../../src/cms/schema.ts';
import { editorBody, editorMarkdownProblems } from '../../../src/lib/content/editor-markdown.ts';
import { EDITOR_MARKDOWN } from '../../../src/lib/content/editor-markdown-options.ts';

const root = resolve(import.meta.dirname, '../../..');

// biome-ignore lint/suspicious/noExplicitAny: Keystatic's field objects are read generically
type Any = any;

/** The collections whose entries are Markdown files with a body (a `contentField`). */
const withBodies = Object.entries(collections as Record<string, Any>).filter(
  ([, collection]) => typeof collection.format === 'object' && collection.format.contentField,
);

const mdx = fields.mdx({ label: 'Body', ...EDITOR_MARKDOWN }) as Any;
const encode = (text: string) => new TextEncoder().encode(text);

/** The body as the editor has it after opening and saving it unchanged. */
function openAndSave(body: string): string {
  const value = mdx.parse(undefined, { content: encode(body), other: new Map(), external: new Map(), slug: undefined });
  return new TextDecoder().decode(mdx.serialize(value, { slug: undefined }).content);
}

const bodyOf = (file: string) => editorBody(readFileSync(file, 'utf8'))?.body ?? '';
const reader = createReader(root, cmsConfig({ kind: 'local' }));

it('finds the collections with bodies', () => {
  expect(withBodies.map(([key]) => key).sort()).toEqual(['caseStudies', 'legal']);
});

for (const [key, collection] of withBodies) {
  const folder = join(root, String(collection.path).replace(/\*$/, ''));
  describe(key, () => {
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.md'))) {
      it(`${name} opens in the editor and keeps its tokens when saved`, async () => {
        expect(await editorMarkdownProblems(readFileSync(join(folder, name), 'utf8'))).toEqual([]);
        const body = bodyOf(join(folder, name));
        // The body the check parses is the one Keystatic's reader takes from the file.
        const entry = await (reader.collections as Any)[key].readOrThrow(name.replace(/\.md$/, ''));
        expect(await entry.body()).toBe(body);
        const saved = openAndSave(body);
        for (const token of body.match(/%[a-z ]+%/g) ?? []) expect(saved).toContain(token);
      });
    }
  });
}
