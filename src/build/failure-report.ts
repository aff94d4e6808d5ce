/**
 * What `npm run build` says when it fails, instead of Node's crash dump of the error (the message
 * buried among Astro's internals, stack frames and the error's properties). A content file's mistake
 * ends in plain words, the file, the entry, each field by the editor's label and what to do
 * (src/lib/content/build-failure.ts, which the editor's publishing page reads the same output with);
 * the error itself comes first, without its stack, for whoever runs the site. Any other failure is
 * the code's: its error is printed whole, stack included.
 */
import { inspect } from 'node:util';
import {
  BUILD_STOPPED,
  explainFailureAt,
  inPlainWords,
  parseBuildFailure,
  withoutFolders,
} from '../lib/content/build-failure.ts';

/** A stack frame of an error as Node prints it. */
const FRAME = /^\s+at\s/;

/**
 * The error without its stack frames: what Node prints above them (its name and message, with a
 * parser's position and excerpt: `YAMLException: ... (7:16)`), then its own properties (Astro's
 * `loc` with the file, its `title`), a blank line between, where a field list ends.
 */
function withoutStack(error: unknown): string {
  if (!(error instanceof Error)) return inspect(error);
  const stack = (error.stack ?? '').split('\n');
  const firstFrame = stack.findIndex((line) => FRAME.test(line));
  const head = (firstFrame === -1 ? stack : stack.slice(0, firstFrame)).join('\n');
  // An error whose message was set after it was made (Astro's user errors) has none above its frames.
  const firstLine = error.message.split('\n')[0] ?? '';
  const said = head.includes(firstLine) ? head : `${error.name}: ${error.message}`;
  // An error among them (Vite's `errors`) is said by its name and message, without its own stack.
  const briefly = (value: unknown): unknown =>
    value instanceof Error ? `${value.name}: ${value.message}` : Array.isArray(value) ? value.map(briefly) : value;
  const properties = Object.fromEntries(
    Object.entries(error)
      .filter(([key, value]) => value !== undefined && !['name', 'message'].includes(key))
      .map(([key, value]) => [key, briefly(value)]),
  );
  return Object.keys(properties).length === 0 ? said : `${said}\n\n${inspect(properties, { depth: 4 })}`;
}

/** What the build prints for the error it stopped with (src/build/build.ts), from our BUILD_STOPPED line on. */
export async function failureReport(error: unknown, root: string): Promise<string> {
  const words = withoutFolders(withoutStack(error), root);
  const parsed = parseBuildFailure(`${BUILD_STOPPED}\n${words}`, root);
  if (!parsed.file && !parsed.entryOf && !parsed.missingArtwork)
    return `${BUILD_STOPPED}\n${inspect(error, { depth: 4 })}`;
  const problem = await explainFailureAt(root, parsed);
  return `${BUILD_STOPPED}\n${words}\n\n${inPlainWords(problem)}`;
}
