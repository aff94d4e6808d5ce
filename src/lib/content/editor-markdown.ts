/**
 * What in a Markdown file the editor (Keystatic) cannot open. Its form reads a body as MDX whatever
 * the file's extension (`fields.mdx` parses with micromark's MDX extensions and three of GFM's, then
 * refuses expressions, tags and import/export lines on the way into its document), so text that
 * Markdown shows as written stops it with "Unexpected character `!`" and the entry cannot be opened
 * at all: an HTML comment, a `{`, a `<` right before a letter or digit, a link in angle brackets, a
 * line starting with `import` or `export`. The build refuses such a file (src/content/markdown-checks.ts) and
 * so does the editor's save (src/cms/check-save.ts), so every file in the repository opens.
 *
 * The verdict is Keystatic's own: its MDX field parses the body here, with the options the editor's
 * field has (EDITOR_MARKDOWN). That parse is in its browser build only (the Node build, which
 * `@keystatic/core` resolves to on a server, leaves it out: only the editor's page runs it), so the
 * browser build is loaded from beside the Node one, once, when a body is first checked (about 1 s).
 * Only the words are ours: Keystatic's messages speak of MDX and JSX, and suggest `{/* ... *\/}`, which
 * the site would print as text.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EDITOR_MARKDOWN } from './editor-markdown-options.ts';

/** Something in a file that the editor cannot open: where (the file's line, when known) and what to do. */
export interface EditorMarkdownProblem {
  line?: number;
  message: string;
}

type Keystatic = typeof import('@keystatic/core');
interface BodyField {
  parse(
    value: undefined,
    args: { content: Uint8Array; other: Map<string, unknown>; external: Map<string, unknown> },
  ): unknown;
}

let bodyField: Promise<BodyField> | undefined;

/** The editor's Markdown field from Keystatic's browser build (dist/keystatic-core.js, beside the Node build). */
function editorBodyField(): Promise<BodyField> {
  bodyField ??= (async () => {
    const nodeBuild = createRequire(import.meta.url).resolve('@keystatic/core');
    const browserBuild = pathToFileURL(path.join(path.dirname(nodeBuild), 'keystatic-core.js')).href;
    const { fields } = (await import(/* @vite-ignore */ browserBuild)) as Keystatic;
    return fields.mdx({ label: 'Body', ...EDITOR_MARKDOWN }) as unknown as BodyField;
  })();
  return bodyField;
}

/**
 * A Markdown file split as Keystatic splits it (its `splitFrontmatter`: the file must begin with the
 * `---` line; a UTF-8 byte-order mark is dropped first, as its TextDecoder does): the body, and the
 * file's line the body starts on. undefined when Keystatic finds no frontmatter.
 */
export function editorBody(file: string): { body: string; firstLine: number } | undefined {
  const text = file.replace(/^\uFEFF/, '');
  const match = /^---(?:\r?\n([\s\S]*?))?\r?\n---\r?\n?/.exec(text);
  if (!match) return undefined;
  return {
    body: text.slice(match[0].length),
    firstLine: match[0].split('\n').length - (match[0].endsWith('\n') ? 0 : 1),
  };
}

/** Up to this many characters of the text the editor stops at, quoted so it can be found. */
const QUOTE_LENGTH = 40;

const quoted = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > QUOTE_LENGTH ? `${line.slice(0, QUOTE_LENGTH - 1)}…` : line}”`;
};

/**
 * Each kind of text Keystatic refuses: how its message (micromark's, or its own conversion's) says
 * it, where the refused text starts on the line (its `<` or `{`, or the line's start), and what it
 * means and what to write instead, in everyday words.
 */
const KINDS: { says: RegExp; startsAt: '<' | '{' | 'line'; words: string }[] = [
  {
    says: /create a comment in MDX/,
    startsAt: '<',
    words: 'an HTML comment (<!-- … -->), which the editor cannot open. Delete it: keep notes outside the text',
  },
  {
    says: /create a link in MDX/,
    startsAt: '<',
    words:
      'a web or e-mail address in angle brackets (<https://…>), which the editor cannot open. ' +
      'Write it as a link, [the words](https://…), or without the angle brackets',
  },
  {
    says: /^Unhandled type mdx(?:Text|Flow)Expression|in expression|brace/,
    startsAt: '{',
    words:
      'curly braces { }, which the editor reads as code. Write \\{ and \\} for braces shown as text, or leave them out',
  },
  {
    says: /^Unhandled type mdxjsEsm|import\/exports/,
    startsAt: 'line',
    words:
      'a line starting with "import" or "export", which the editor reads as code. Start the line with another word, or a capital',
  },
  {
    says: /^Missing component definition|closing tag|closing slash/,
    startsAt: '<',
    words:
      'an HTML tag, which the editor cannot open. Remove it and format with Markdown instead ' +
      "(**bold**, [a link](https://…), ## a heading), as the editor's toolbar does",
  },
  {
    says: /name|attribute|tag/,
    startsAt: '<',
    words:
      'a "<" right before a letter, digit or sign, which the editor reads as the start of an HTML tag. ' +
      'Put a space after it ("< 5") or a backslash before it (\\<)',
  },
];

const kindOf = (message: string) => KINDS.find(({ says }) => says.test(message));

/** What a refusal means, in everyday words. */
const inWords = (message: string) =>
  kindOf(message)?.words ?? `something the editor cannot open (it says: ${message.split('\n')[0]})`;

/** The refused text on a line: from where its kind starts before `column` (1-based), to the line's end. */
function refusedOnLine(text: string, column: number, message: string): string {
  const startsAt = kindOf(message)?.startsAt ?? '<';
  const before = text.slice(0, Math.max(0, column - 1));
  const start = startsAt === 'line' ? 0 : before.lastIndexOf(startsAt);
  return text.slice(start === -1 ? Math.max(0, column - 1) : start);
}

/** The text a conversion error names: what it quotes (an expression, an import line), or the tag's start. */
function namedText(message: string): string | undefined {
  const unhandled = /^Unhandled type \w+: ([^\n]+)/.exec(message)?.[1];
  if (unhandled) return unhandled;
  const tag = /^Missing component definition for ([\w.:-]+)|`(<\/?[\w.:-]+)>?`/.exec(message);
  if (tag?.[1]) return `<${tag[1]}`;
  return tag?.[2];
}

interface ParseError {
  message: string;
  line?: number;
  column?: number;
}

/**
 * What the editor cannot open in a Markdown file (frontmatter and body, as written): nothing when it
 * opens. Lines are the file's.
 */
export async function editorMarkdownProblems(file: string): Promise<EditorMarkdownProblem[]> {
  const split = editorBody(file);
  if (!split) {
    return [
      {
        line: 1,
        message:
          'the file must begin with a line of three dashes (---), then its fields, then --- again, with nothing ' +
          'before the first: the editor reads no fields otherwise',
      },
    ];
  }
  const field = await editorBodyField();
  try {
    field.parse(undefined, { content: new TextEncoder().encode(split.body), other: new Map(), external: new Map() });
    return [];
  } catch (error) {
    const { message = String(error), line, column } = error as ParseError;
    const lines = split.body.split('\n');
    /** A problem at the body's `at` line (1-based), quoting `text`. */
    const at = (bodyLine: number, text: string, said: string) => ({
      line: split.firstLine + bodyLine - 1,
      message: `${quoted(text)}: ${inWords(said)}`,
    });
    // Each of the conversion's errors starts a line, and one may quote text over several.
    const errors = [
      ...new Set(message.split(/\n(?=Unhandled type |Missing component definition |Could not find definition )/)),
    ];
    return errors.map((one) => {
      // The text the error names, on the line the parser gives or, for the conversion's, the first holding it.
      const named = namedText(one);
      const found = named === undefined ? -1 : lines.findIndex((text) => text.includes(named));
      if (named !== undefined && found !== -1 && (typeof line !== 'number' || found === line - 1))
        return at(found + 1, lines[found]!.slice(lines[found]!.indexOf(named)), one);
      if (typeof line === 'number') return at(line, refusedOnLine(lines[line - 1] ?? '', column ?? 1, one), one);
      return { message: inWords(one) };
    });
  }
}
