/**
 * A failed build, in plain words: which entry (its kind and title, and where the editor opens it),
 * which field (the editor's label for it) and what is wrong with it (the build's message, without
 * Astro's and Node's internals), read from the build's output. Also the part of the output worth
 * keeping for the operator, without the server's folder. The editor's publishing status page shows
 * it (src/server/cms), and the build itself ends its output with it (src/build/failure-report.ts).
 *
 * The output's shapes (tests/fixtures/build-failures hold real ones):
 * - a content file that does not match its schema: Astro's InvalidContentEntryDataError, whose
 *   message lists each field as `**seo.description**: Too small: ...`, and `loc.file` its file;
 *   a Markdown body the build refuses, in the same shape (src/content/markdown-loader.ts);
 * - a reference to an entry that does not exist: Astro's `Invalid content reference: entry "x" in
 *   collection "programs" (field: offer) references "y" in collection "offers"...`;
 * - a file that cannot be parsed (`loc.file`, and the parser's message);
 * - an artwork file that does not exist: Vite's `Could not find requested image `...``, which names
 *   the path as the content file has it but not the file (explainFailureAt finds it);
 * - anything else: its first error line, and no entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** A field the build named, in its file's keys (`seo.description`), and what it said about it. */
export interface FieldProblem {
  field?: string;
  message: string;
  /** For a reference to an entry that does not exist: that entry, and the build's name for its collection. */
  missing?: { id: string; collection: string };
}

/** What the build's output says, before the editor's names are looked up. */
export interface ParsedFailure {
  /** The content file the build named, relative to the project (`src/content/case-studies/stella.md`). */
  file?: string;
  /** The entry, by the build's names, when the output names it but not its file (a reference). */
  entryOf?: { collection: string; slug: string };
  /** An artwork file that does not exist, as a content file names it (the build names no content file). */
  missingArtwork?: string;
  problems: FieldProblem[];
  /** The build's words for the operator: the error part of the output, folder paths and noise out. */
  log: string;
}

/** A field problem as the editor says it. */
export interface ExplainedProblem {
  /** The field's key path in the file (`updated`), for the operator. */
  field?: string;
  /** The editor's label for it ("Last revised"), when the field is one of the entry's. */
  label?: string;
  message: string;
}

/** A failed build explained. */
export interface BuildProblem {
  file?: string;
  /** The entry to fix, when the file is one the editor edits. */
  entry?: { kind: string; title: string; editorPath: string };
  problems: ExplainedProblem[];
}

/** What the editor's configuration says about a content file (src/cms/entries.ts). */
export interface EditorNames {
  entryInEditor(
    file: string,
    source: string | undefined,
  ):
    | {
        kind: string;
        title: string;
        editorPath: string;
        field(keyPath: string): { label: string; inLabels(message: string): string } | undefined;
      }
    | undefined;
  collectionLabel(key: string): string | undefined;
  fileOfEntry(collection: string, slug: string): string | undefined;
}

const CONTENT_FILE = /src\/content\/[\w./-]+\.(?:json|md|mdx)/;

/** Every content file a build's output names, once each, in the order it names them. */
export const contentFilesIn = (text: string): string[] => [
  ...new Set(text.match(new RegExp(CONTENT_FILE.source, 'g')) ?? []),
];
/**
 * Astro's header of a schema error, or ours of a body's or a link's (./correction-needed.ts), each
 * field on a line under it.
 */
const SCHEMA_HEADER =
  /\*{0,2}([\w-]+) → ([\w./-]+)\*{0,2} (?:data does not match collection schema|text needs a correction \([\w./-]+\))\./;
const FIELD_LINE = /^\s+(?:\*\*([^*]*)\*\*|([a-z][\w.]*)): (.+)$/;
const REFERENCE =
  /Invalid content reference: entry "([^"]+)" in collection "([^"]+)" \(field: ([^)]+)\) references "([^"]+)" in collection "([^"]+)", but that entry does not exist\./g;

/** Where a machine keeps folders: an absolute path starting with one of these is a folder's, not a page's address. */
const SYSTEM_FOLDERS = 'home|root|tmp|var|usr|opt|srv|mnt|media|private|Users|app|work|workspace|run|etc|nix|snap';

/** Paths in the server's folder made relative to it; other folders' paths keep only their file name. */
export function withoutFolders(text: string, root: string): string {
  const folder = `${root.replace(/\/+$/, '')}/`;
  return text
    .replaceAll(`file://${folder}`, '')
    .replaceAll(folder, '')
    .replace(new RegExp(`(?:file://|(?<![\\w:/.~-]))/(?:${SYSTEM_FOLDERS})/(?:[^\\s/'"\`()<>:]+/)*`, 'g'), '…/');
}

/** Lines that say nothing about the failure: stack frames, Node's own, progress, and Vite's advice. */
function isNoise(line: string): boolean {
  return (
    /^\s+at\s/.test(line) ||
    /^node:internal\//.test(line) ||
    /^\s*triggerUncaughtException\(\s*$/.test(line) ||
    /^\s*\^\s*$/.test(line) ||
    /^Node\.js v\d/.test(line) ||
    /[├└]─/.test(line) ||
    /^\s*prerendering static routes\s*$/.test(line) ||
    // Astro's progress lines ("12:00:00 [build] ..."); its [ERROR] and [WARN] lines stay.
    /^\d\d:\d\d:\d\d \[(?!ERROR\]|WARN\])/.test(line) ||
    /\[plugin builtin:vite-reporter\]/.test(line) ||
    /^\(!\) Some chunks are larger/.test(line) ||
    /^- (?:Using dynamic import|Use build\.|Adjust chunk size)/.test(line)
  );
}

/** The build's output from where it starts going wrong, noise out: for the operator. */
function buildLog(lines: string[]): string {
  const first = lines.findIndex((line) => /error|does not match|failed/i.test(line) && !isNoise(line));
  const kept = (first === -1 ? lines.slice(-20) : lines.slice(first))
    .map((line) => line.trimEnd())
    .filter((line) => !isNoise(line))
    .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''));
  return kept.join('\n').trim().slice(0, 6000);
}

/** What a value of each of zod's types is, as an editor would say it. */
const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date',
  array: 'a list',
  object: 'a group of fields',
  null: 'empty',
};
const kind = (type = '') => KINDS[type] ?? type;

/** Zod's and Astro's messages for the usual mistakes, as an editor would say them. */
const EVERYDAY: [RegExp, (...groups: string[]) => string][] = [
  [/^Too small: expected string to have >=1 characters?$/, () => 'Must not be empty.'],
  [/^Too small: expected string to have >=(\d+) characters$/, (n = '') => `Too short: at least ${n} characters.`],
  [/^Too big: expected string to have <=(\d+) characters$/, (n = '') => `Too long: at most ${n} characters.`],
  [/^Too small: expected number to be >=(\d+)$/, (n = '') => `Must be at least ${n}.`],
  [/^Too big: expected number to be <=(\d+)$/, (n = '') => `Must be at most ${n}.`],
  [
    /^Too (?:small|big): expected array to have exactly (\d+) items?$/,
    (n = '') => `Needs exactly ${n} ${n === '1' ? 'item' : 'items'}.`,
  ],
  [
    /^Too small: expected array to have >=(\d+) items?$/,
    (n = '') => `Needs at least ${n} ${n === '1' ? 'item' : 'items'}.`,
  ],
  [/^Too big: expected array to have <=(\d+) items?$/, (n = '') => `At most ${n} ${n === '1' ? 'item' : 'items'}.`],
  [/^(?:Required|Invalid input: expected \w+, received undefined)$/, () => 'Missing: it must be filled in.'],
  // Astro's words for a wrong type ("Expected type `"number"`, received `"string"`"), and zod's.
  [
    /^(?:Expected type `"(\w+)"`, received `"(\w+)"`|Invalid input: expected (\w+), received (\w+))$/,
    (...types) => {
      const [expected = '', received = ''] = types.filter(Boolean);
      if (expected === 'number' && received === 'string') return 'Must be a number: write it without quotes.';
      if (expected === 'string' && received !== 'undefined') return `Must be text: put it in quotes ("…").`;
      return `Must be ${kind(expected)}, not ${kind(received)}.`;
    },
  ],
  [
    /^Invalid option: expected one of (.+)$/,
    (options = '') =>
      `Must be one of: ${options
        .split('|')
        .map((option) => option.replace(/^"|"$/g, ''))
        .join(', ')}.`,
  ],
  [
    /^Unrecognized keys?: (.+)$/,
    (keys = '') =>
      `${keys} ${keys.includes(',') ? 'are not fields' : 'is not a field'} of this entry: correct the spelling of the field's name, or remove it.`,
  ],
];

/** A message of the build in everyday words, as a sentence: Astro's bold marks out, `>=50` "at least 50". */
function plainMessage(message: string): string {
  const bare = message.replace(/\*\*/g, '').trim();
  for (const [pattern, say] of EVERYDAY) {
    const match = pattern.exec(bare);
    if (match) return say(...match.slice(1));
  }
  const words = bare.replace(/>=\s?(\d+)/g, 'at least $1').replace(/<=\s?(\d+)/g, 'at most $1');
  return /[.!?]$/.test(words) ? words : `${words}.`;
}

/** A field's message without the field's own name before it (Astro's "**client**: **client**: Required"). */
function withoutOwnName(message: string, field: string): string {
  for (const own of [`**${field}**: `, `${field}: `])
    if (field && message.startsWith(own)) return message.slice(own.length);
  return message;
}

/**
 * A Markdown file whose frontmatter opens with `---` and is never closed: the build reads no fields
 * from it and names every one as missing, when one line is what is wrong.
 */
const frontmatterNotClosed = (text: string) =>
  /^\uFEFF?\s*---\r?\n/.test(text) && !/^\uFEFF?\s*---\r?\n[\s\S]*?\r?\n---/.test(text);

const NOT_CLOSED =
  'The fields at the top of the file are not closed: add a line of three dashes (---) after the last field, before the text.';

/**
 * A file the parser of its data could not read, said with the line to look at and what usually
 * breaks there: the frontmatter's YAML (js-yaml's `message (line:column)`), a JSON file (Node's
 * `... in JSON at position 15 (line 2 column 14)`).
 */
function unreadable(text: string): string | undefined {
  const yaml = /^YAMLException: (.+?) \((\d+):(\d+)\)$/m.exec(text);
  if (yaml) {
    const [, what = '', line = ''] = yaml;
    return (
      `The fields at the top of the file (between the two --- lines) cannot be read at line ${line}: ${what}. ` +
      'Check that line and the one above it: indent with spaces as the other fields are, close every quote, ' +
      'and put a value that holds a colon (:) or starts with a quote in quotes.'
    );
  }
  const json = /(?:^|: )([^:\n]+?) (?:in |after )JSON at position \d+(?: \(line (\d+) column (\d+)\))?/m.exec(text);
  if (json) {
    const [, what = '', line, column] = json;
    return (
      `The file is not valid JSON${line ? ` at line ${line}, column ${column}` : ''} (${what}). ` +
      'Check that place and the line before it for a missing or extra comma, quote or brace.'
    );
  }
  return undefined;
}

/** An artwork path (as a content file writes it) that names no file. */
const missingArtworkMessage = (artwork: string) =>
  `The artwork file ${artwork} does not exist. Upload the artwork again in the editor, or correct the path to the file's name under src/assets/art.`;

/** A reference to `id`, which `collection` (its label, or the build's name for it) does not have. */
const missingMessage = (id: string, collection: string) =>
  `“${id}” is not one of the ${collection}: it may have been renamed or deleted. Choose one that exists.`;

/**
 * The line src/build/build.ts prints before the error a failed build stopped with, and then, for a
 * content file, the same failure in plain words (inPlainWords): the publisher and whoever ran the
 * build read the one output.
 */
export const BUILD_STOPPED = 'The build stopped on this error:';

/**
 * The error the build stopped with: the line after our BUILD_STOPPED, or after Node's
 * `triggerUncaughtException(` and `^` for a build that crashed (or ran without src/build/build.ts).
 */
function fatalError(lines: string[]): string | undefined {
  const at = lines.findIndex((line) => line === BUILD_STOPPED || /triggerUncaughtException\(/.test(line));
  const after = at === -1 ? [] : lines.slice(at + 1);
  const line = after.find((candidate) => candidate.trim() !== '' && !/^\s*\^\s*$/.test(candidate));
  if (line) return line.trim();
  return lines.find((candidate) => /error|does not match|failed/i.test(candidate) && !isNoise(candidate))?.trim();
}

/** The build's output read into the file, its fields and their messages (no editor names yet). */
export function parseBuildFailure(output: string, root: string): ParsedFailure {
  const text = withoutFolders(stripVTControlCharacters(output), root);
  const lines = text.split('\n');
  const log = buildLog(lines);
  const locFile = /loc: \{\s*file: '([^']+)'/.exec(text)?.[1];
  const namedFile = (locFile && CONTENT_FILE.exec(locFile)?.[0]) ?? CONTENT_FILE.exec(text)?.[0];

  // A content file that does not match its schema: each field on its own line under the header.
  const header = lines.findIndex((line) => SCHEMA_HEADER.test(line));
  if (header !== -1) {
    const problems: FieldProblem[] = [];
    for (const line of lines.slice(header + 1)) {
      const match = FIELD_LINE.exec(line);
      if (match) {
        const field = (match[1] ?? match[2] ?? '').trim();
        problems.push({ ...(field ? { field } : {}), message: plainMessage(withoutOwnName(match[3] ?? '', field)) });
      } else if (line.trim() !== '' || problems.length > 0) break;
    }
    if (problems.length === 0) problems.push({ message: 'It does not match what the site expects.' });
    return { ...(namedFile ? { file: namedFile } : {}), problems, log };
  }

  // A reference to an entry that does not exist (a deleted or renamed offer or program).
  const references = [...text.matchAll(REFERENCE)];
  if (references.length > 0) {
    const [, entry = '', collection = ''] = references[0] ?? [];
    // Astro logs each while it syncs, and the page that needs it stops the build with the same words.
    const once = new Map(references.map((match) => [match.slice(1, 6).join('\0'), match]));
    const problems = [...once.values()]
      .filter((match) => match[1] === entry && match[2] === collection)
      .map(([, , , field = '', id = '', other = '']) => ({
        field,
        message: missingMessage(id, other),
        missing: { id, collection: other },
      }));
    const file = namedFile?.endsWith(`/${entry}.json`) || namedFile?.endsWith(`/${entry}.md`) ? namedFile : undefined;
    return { ...(file ? { file } : {}), entryOf: { collection, slug: entry }, problems, log };
  }

  // An artwork file that does not exist: found late, by Vite, which names the path but no content file.
  const artwork = /Could not find requested image `([^`]+)`/.exec(text)?.[1];
  if (artwork) return { missingArtwork: artwork, problems: [{ message: missingArtworkMessage(artwork) }], log };

  // A file its parser could not read: said with the line to look at.
  const parseError = unreadable(text);
  if (parseError) return { ...(namedFile ? { file: namedFile } : {}), problems: [{ message: parseError }], log };

  // Anything else: the error the build stopped with, without its type and the file it names.
  const fatal = fatalError(lines);
  const title = /^\s*title: '([^']+)'/m.exec(text)?.[1];
  let message = (fatal ?? 'The build stopped without saying why.')
    .replace(/^\d\d:\d\d:\d\d /, '')
    .replace(/^\[ERROR\]\s*(?:\[[\w-]+\]\s*)?/, '')
    .replace(/^(?:[A-Z]\w*)?(?:Error|Exception)(?: \[\w+\])?:\s*/, '');
  if (namedFile) message = message.replace(namedFile, '').replace(/^:\s*/, '').trim();
  if (title === 'Data collection entry failed to parse.') message = `The file could not be read: ${message}`;
  return { ...(namedFile ? { file: namedFile } : {}), problems: [{ message: plainMessage(message) }], log };
}

/** Field keys in a message in the editor's words: "updated must not be earlier than published" -> "“Last revised” must ...". */
function inEditorWords(message: string, field: string, inLabels: (message: string) => string): string {
  const own = field.split('.').pop() ?? field;
  // Only a message that names its own field by its key speaks in keys (the schema's own rules do).
  return new RegExp(`\\b${own}\\b`).test(message) ? inLabels(message) : message;
}

/**
 * The failure as the editor names it. `source` reads a content file as saved (undefined when it
 * cannot); `names` is src/cms/entries.ts.
 */
export function explainBuildFailure(
  parsed: ParsedFailure,
  names: EditorNames,
  source: (file: string) => string | undefined,
): BuildProblem {
  const file =
    parsed.file ?? (parsed.entryOf ? names.fileOfEntry(parsed.entryOf.collection, parsed.entryOf.slug) : undefined);
  const saved = file ? source(file) : undefined;
  const entry = file ? names.entryInEditor(file, saved) : undefined;
  const where = {
    ...(file ? { file } : {}),
    ...(entry ? { entry: { kind: entry.kind, title: entry.title, editorPath: entry.editorPath } } : {}),
  };
  if (file?.endsWith('.md') && saved !== undefined && frontmatterNotClosed(saved)) {
    return { ...where, problems: [{ message: NOT_CLOSED }] };
  }
  const problems = parsed.problems.map(({ field, message, missing }) => {
    const inEditor = field ? entry?.field(field) : undefined;
    // A reference names the other collection by the build's name for it: say the editor's ("Offers").
    const said = missing
      ? missingMessage(missing.id, names.collectionLabel(missing.collection) ?? missing.collection)
      : message;
    return {
      ...(field ? { field } : {}),
      ...(inEditor ? { label: inEditor.label } : {}),
      message: inEditor && field ? inEditorWords(said, field, inEditor.inLabels) : said,
    };
  });
  return { ...where, problems };
}

/** When the editor's configuration cannot be loaded: the failure is still said, without its names. */
const NO_NAMES: EditorNames = {
  entryInEditor: () => undefined,
  collectionLabel: () => undefined,
  fileOfEntry: () => undefined,
};

/**
 * The failure explained with the editor's configuration, read from the project at `root`. It is
 * loaded here, when a build has failed, and only in local mode (the one that publishes by building):
 * a server without the editor never loads it.
 */
export async function explainFailureAt(root: string, parsed: ParsedFailure): Promise<BuildProblem> {
  const names: EditorNames = await import('../../cms/entries.ts').catch(() => NO_NAMES);
  const source = (file: string) => {
    if (file.split('/').includes('..')) return undefined;
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch {
      return undefined;
    }
  };
  return explainBuildFailure(
    parsed.missingArtwork ? withArtworkFile(root, parsed, parsed.missingArtwork) : parsed,
    names,
    source,
  );
}

/**
 * A missing artwork's failure with the content file that names it, and the field (the key on the
 * line that holds the path: every artwork field is a top-level `image`).
 */
function withArtworkFile(root: string, parsed: ParsedFailure, artwork: string): ParsedFailure {
  let files: string[];
  try {
    files = readdirSync(path.join(root, 'src/content'), { recursive: true, encoding: 'utf8' });
  } catch {
    return parsed;
  }
  for (const name of files.filter((file) => /\.(?:md|json)$/.test(file)).sort()) {
    const file = `src/content/${name.split(path.sep).join('/')}`;
    let text: string;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    }
    const line = text.split('\n').find((candidate) => candidate.includes(artwork));
    if (!line) continue;
    const field = /^\s*"?([\w]+)"?\s*:/.exec(line)?.[1];
    return { ...parsed, file, problems: [{ ...(field ? { field } : {}), message: missingArtworkMessage(artwork) }] };
  }
  return parsed;
}

/**
 * A failed build's content problem in plain words, for whoever ran the build by hand (the status
 * page says the same in the editor): the file and its entry, each field by the editor's label, what
 * is wrong and what to do.
 */
export function inPlainWords(problem: BuildProblem): string {
  const what = problem.entry ? `${problem.entry.kind} “${problem.entry.title}” (${problem.file})` : problem.file;
  const lines = problem.problems.map(({ field, label, message }) => {
    const name = label ?? field;
    return `  ${name ? `${name}: ` : ''}${message}`;
  });
  return [
    `Nothing was built: ${what ?? 'a content file'} needs a correction.`,
    ...lines,
    'Correct it in that file (or in the editor) and build again; the site as it was stays as it was.',
  ].join('\n');
}
