/**
 * Server side of a save in local mode: Keystatic's own API writes whatever the browser sends. Before
 * it does, the save is checked as the build will check what it writes, and refused (nothing written)
 * with the entry and the field in the editor's words:
 * - an uploaded artwork must be an SVG (save-check/artwork.ts);
 * - each content file must read with the editor's field rules (save-check/editor-rules.ts), and
 *   validate with the build's own schema, rules across fields included (save-check/build-rules.ts);
 * - a Markdown body must hold no HTML, which the site would show as text (save-check/raw-html.ts),
 *   and pass the build's checks of a body: not empty, one the editor can open, a legal text's tokens
 *   known (save-check/markdown.ts);
 * - the entries it names must exist once the save is written, and no entry may be left naming one it
 *   deletes or renames (save-check/references.ts);
 * - the legal texts stay the pages the site serves: changed, never added, renamed or deleted
 *   (save-check/fixed-pages.ts);
 * - it writes and deletes only entries' files and their artwork: Keystatic accepts any path that
 *   begins like a collection's or a singleton's (src/content/site… for src/content/site.json).
 */
import { svgProblem, uploadOf } from './save-check/artwork.ts';
import { checkBuildRules } from './save-check/build-rules.ts';
import { checkEditorRules } from './save-check/editor-rules.ts';
import {
  type CmsConfig,
  dataInWorkingCopy,
  dataOf,
  entryOf,
  fileOf,
  nameOf,
  readableData,
} from './save-check/entries.ts';
import { fixedPageProblem } from './save-check/fixed-pages.ts';
import { markdownProblem } from './save-check/markdown.ts';
import { rawHtmlProblem } from './save-check/raw-html.ts';
import { checkReferences } from './save-check/references.ts';

/** A save's body: files to write (base64url, as Keystatic sends them) and files to delete. */
interface SaveBody {
  additions: { path: string; contents: string }[];
  deletions: { path: string }[];
}

function isSaveBody(body: unknown): body is SaveBody {
  const { additions, deletions } = (body ?? {}) as Partial<Record<keyof SaveBody, unknown>>;
  const paths = (list: unknown, key: 'path' | 'contents') =>
    Array.isArray(list) && list.every((item) => typeof (item as Record<string, unknown> | null)?.[key] === 'string');
  return paths(additions, 'path') && paths(additions, 'contents') && paths(deletions, 'path');
}

/**
 * undefined when the save may be written; otherwise what to tell the editor. `root` is the working
 * copy Keystatic writes to (its local mode's: the server's own folder).
 */
export async function checkSave(config: CmsConfig, body: unknown, root = process.cwd()): Promise<string | undefined> {
  // A malformed body is Keystatic's to refuse (400).
  if (!isSaveBody(body)) return undefined;
  // Which entry or artwork each file is, once: every check below reads it.
  const additions = body.additions.map(({ path, contents }) => ({
    file: path,
    contents: Buffer.from(contents, 'base64url'),
    entry: entryOf(config, path),
    upload: uploadOf(config, path),
  }));
  const deletions = body.deletions.map(({ path }) => ({
    file: path,
    entry: entryOf(config, path),
    upload: uploadOf(config, path),
  }));
  const elsewhere = [...additions, ...deletions].find(({ entry, upload }) => !entry && !upload);
  if (elsewhere)
    return `Not saved: ${elsewhere.file} is not an entry's file or its artwork, which is all the editor changes`;

  for (const { file, contents, entry } of additions) {
    const problem = entry ? fixedPageProblem('write', entry) : undefined;
    if (entry && problem) return `Not saved: ${problem} (${nameOf(entry, readableData(file, contents))})`;
  }
  for (const { file, entry } of deletions) {
    const problem = entry ? fixedPageProblem('delete', entry) : undefined;
    if (entry && problem) return `Not saved: ${problem} (${nameOf(entry, dataInWorkingCopy(root, file))})`;
  }

  for (const { file, contents, upload } of additions) {
    if (!upload) continue;
    const problem = svgProblem(file, contents, upload.labels);
    if (problem) {
      const { key, slug = '' } = upload.entry;
      const entryFile = fileOf(config, key, slug);
      const saved = additions.find((addition) => addition.file === entryFile);
      const data = saved ? readableData(saved.file, saved.contents) : dataInWorkingCopy(root, entryFile);
      return `Not saved: ${problem} (${nameOf(upload.entry, data)})`;
    }
  }

  const files = additions.flatMap(({ file, contents, entry }) => (entry ? [{ file, contents, entry }] : []));
  const problem = await checkEditorRules(config, files);
  if (problem) return problem;

  for (const { file, contents, entry } of files) {
    const html = rawHtmlProblem(entry, file, contents);
    if (html) return `Not saved: ${html} (${nameOf(entry, dataOf(file, contents))})`;
    const body = await markdownProblem(entry, file, contents);
    if (body) return `Not saved: ${body} (${nameOf(entry, dataOf(file, contents))})`;
  }

  const saved = files.map(({ file, contents, entry }) => ({ entry, data: dataOf(file, contents) }));
  for (const { entry, data } of saved) {
    const refused = await checkBuildRules(entry, data);
    if (refused) return refused;
  }
  const deleted = deletions.flatMap(({ file, entry }) => (entry ? [{ entry, file }] : []));
  return checkReferences(config, root, { saved, deleted });
}
