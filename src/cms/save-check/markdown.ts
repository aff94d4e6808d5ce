/**
 * A saved Markdown file (a case study, a legal text) must pass the checks the build makes of its body
 * (src/content/markdown-checks.ts): not empty, one the editor can open (its own form never writes one
 * it cannot, so this meets a file sent around the form; written, it could no longer be opened), and a
 * legal text's tokens ones its page knows. Said with the field's label and the text quoted, as the
 * editor shows no line numbers.
 */
import { markdownProblems } from '../../content/markdown-checks.ts';
import { bodyField, type Entry } from './entries.ts';

/** A check's message after the field's label: "holds “{x}”, curly braces…", "is empty: …", ": "%x%" is not…". */
function inSentence(message: string): string {
  const quoted = /^(“[^”]*”): (.*)$/s.exec(message);
  if (quoted) return `holds ${quoted[1]}, ${quoted[2]}`;
  return /^is /.test(message) ? message : `: ${message}`;
}

/**
 * undefined when the file has no Markdown body or its body passes; otherwise what is wrong and what
 * to do instead (each problem, `; ` between), to be followed by the entry's name.
 */
export async function markdownProblem(entry: Entry, file: string, contents: Buffer): Promise<string | undefined> {
  const field = bodyField(entry);
  if (!field || !file.endsWith('.md')) return undefined;
  const problems = await markdownProblems(entry.key, contents.toString('utf8'));
  if (problems.length === 0) return undefined;
  const label = `"${field.label ?? 'Text'}"`;
  return problems.map(({ message }) => `${label} ${inSentence(message)}`.replace(' : ', ': ')).join('; ');
}
