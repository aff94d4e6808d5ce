/**
 * What the Markdown collections' files (case studies, legal texts) must be beyond their frontmatter's
 * schema: checks that read the body, made by the build (./markdown-loader.ts) and by the editor's save
 * (src/cms/save-check/markdown.ts) alike. Without them such a file was published as it stood, or
 * could not be opened in the editor:
 * - the body must not be empty: the page would have no story, no policy;
 * - the editor must be able to open it (src/lib/content/editor-markdown.ts: Keystatic's own parse);
 * - a legal text's tokens must be ones its page knows, each passage closed (src/lib/legal/legal-text.ts).
 */
import { parseFrontmatter } from 'astro/markdown';
import { editorMarkdownProblems } from '../lib/content/editor-markdown.ts';
import { legalTextProblems } from '../lib/legal/legal-text.ts';

/** Something wrong with a file: the field (the body's is `body`), its line in the file, and what to do. */
export interface FileProblem {
  field?: string;
  line?: number;
  message: string;
}

/** Each Markdown collection's own checks of a file's text, by the collection's key (Astro's and the editor's). */
const collectionChecks: Record<string, (source: string) => FileProblem[]> = {
  legal: (source) => legalTextProblems(source).map((problem) => ({ field: 'body', ...problem })),
};

/** Every problem of one file of `collection` (its text: frontmatter and body, as written); none when it may be published. */
export async function markdownProblems(collection: string, source: string): Promise<FileProblem[]> {
  const { content } = parseFrontmatter(source);
  if (content.trim() === '') return [{ field: 'body', message: 'is empty: write the text the page shows' }];
  const opened = (await editorMarkdownProblems(source)).map((problem) => ({ field: 'body', ...problem }));
  return [...opened, ...(collectionChecks[collection]?.(source) ?? [])];
}
