/**
 * The loader of the Markdown collections (case studies, legal texts): Astro's own glob(), then the
 * checks that a schema cannot make, because they read a file's body (./markdown-checks.ts) or the
 * whole folder. A file that fails one stops the build (and `astro sync`) naming the collection, the
 * file, its field and line, and what to write instead, as a schema error does
 * (src/lib/content/correction-needed.ts; src/lib/content/build-failure.ts reads both).
 *
 * Astro's file watcher (`astro dev`) reloads a changed file without these checks; every build and
 * sync makes them, on every file of the collection.
 */
import { readFile } from 'node:fs/promises';
import { AstroError } from 'astro/errors';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { correctionNeeded } from '../lib/content/correction-needed.ts';
import { type FileProblem, markdownProblems } from './markdown-checks.ts';

export interface FolderChecks {
  /** A check of the folder's entries, by id (file name without `.md`): what is wrong, or undefined. */
  entries?: (ids: string[]) => { file: string; message: string } | undefined;
}

/** A content file the site cannot publish as it stands: Astro's user error, whose message and hint its CLI prints as written. */
class ContentError extends AstroError {
  override name = 'ContentError';
}

const HINT = 'Correct the file as the message says (in the editor, or by hand) and build again: nothing was published.';

/** glob() of `*.md` in src/content/`folder`, then the checks of each file and of the folder. */
export function checkedMarkdown(folder: string, checks: FolderChecks = {}): Loader {
  const files = glob({ pattern: '*.md', base: `./src/content/${folder}` });
  return {
    name: 'humanwise:checked-markdown',
    async load(context: LoaderContext) {
      await files.load(context);
      const entries = [...context.store.values()];
      const folderProblem = checks.entries?.(entries.map((entry) => entry.id));
      if (folderProblem) {
        throw new ContentError(`${folderProblem.file}: ${folderProblem.message}.`, HINT);
      }
      const failed: { file: string; id: string; problems: FileProblem[] }[] = [];
      for (const entry of entries) {
        if (!entry.filePath) continue;
        const source = await readFile(new URL(entry.filePath, context.config.root), 'utf8');
        const problems = await markdownProblems(context.collection, source);
        if (problems.length > 0) failed.push({ file: entry.filePath, id: entry.id, problems });
      }
      if (failed.length === 0) return;
      // Each entry's problems under a header naming its file, as Astro lists a schema's.
      const message = failed
        .map(({ id, file, problems }) => correctionNeeded({ collection: context.collection, id, file }, problems))
        .join('\n\n');
      throw new ContentError(message, HINT);
    },
  };
}
