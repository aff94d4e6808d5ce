/**
 * A save's content files are read with the editor's rules before Keystatic writes anything
 * (src/cms/check-save.ts, called by the editor's API route): a category outside the list or an
 * empty title is refused with the file and the field, whatever sent it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSave } from '../../../src/cms/check-save.ts';
import { cmsConfig } from '../../../src/cms/config.ts';

const config = cmsConfig({ kind: 'local' });
const root = path.resolve(import.meta.dirname, '../../..');
const stella = readFileSync(path.join(root, 'src/content/case-studies/stella.md'), 'utf8');
const site = readFileSync(path.join(root, 'src/content/site.json'), 'utf8');
const encode = (text: string) => Buffer.from(text).toString('base64url');
const save = (file: string, text: string) => ({ additions: [{ path: file, contents: encode(text) }], deletions: [] });

describe('a save, checked before it is written', () => {
  it('passes a valid case study, a valid page and files that are not content (artwork)', async () => {
    expect(await checkSave(config, save('src/content/case-studies/stella.md', stella))).toBeUndefined();
    expect(await checkSave(config, save('src/content/site.json', site))).toBeUndefined();
    expect(await checkSave(config, save('src/assets/art/case-studies/stella/image.svg', '<svg/>'))).toBeUndefined();
  });

  it('refuses a category outside the list, naming the file and the field', async () => {
    const problem = await checkSave(
      config,
      save('src/content/case-studies/stella.md', stella.replace('category: Insurance', 'category: Banking')),
    );
    expect(problem).toMatch(
      /^Not saved: src\/content\/case-studies\/stella\.md has a field the site does not accept\./,
    );
    expect(problem).toMatch(/category/);
  });

  it('refuses an empty title and an empty company name', async () => {
    const untitled = stella.replace(/^title: .*$/m, 'title: ""');
    expect(await checkSave(config, save('src/content/case-studies/stella.md', untitled))).toMatch(
      /Title must not be empty/,
    );
    const nameless = JSON.stringify({ ...JSON.parse(site), companyName: '' });
    expect(await checkSave(config, save('src/content/site.json', nameless))).toMatch(/Company name must not be empty/);
  });

  it('leaves a malformed body and paths outside the content to Keystatic', async () => {
    expect(await checkSave(config, null)).toBeUndefined();
    expect(await checkSave(config, { additions: 'all' })).toBeUndefined();
    expect(await checkSave(config, save('src/content/case-studies/../../../etc/x.md', 'nothing'))).toBeUndefined();
  });
});
