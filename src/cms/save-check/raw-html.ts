/**
 * A Markdown body (a case study's story, a legal page's text) must hold no HTML: the site shows HTML
 * in content as the text it is, tags and all (src/build/no-raw-html.mjs), so a save with it would
 * publish visible tags. What counts as HTML is what the build's own Markdown parser finds
 * (src/lib/content/markdown-html.ts): "growth < 5%", "a -> b" and code pass. The editor itself
 * writes every "<" typed or pasted as text, so this meets a body sent around its form, or a file
 * first written by hand. The check that the editor can open a body (./markdown.ts) refuses a tag
 * too, but its parse stops at the first error and quotes that one (an unclosed <br> before the
 * <b> earlier on the line): this one runs first and names every piece of HTML at once.
 */
import { parseFrontmatter } from 'astro/markdown';
import { htmlInMarkdown } from '../../lib/content/markdown-html.ts';
import { bodyField, type Entry } from './entries.ts';

/** How many pieces of HTML the message quotes, and how much of each: enough to find them. */
const QUOTED = 3;
const QUOTE_LENGTH = 40;

const quoted = (html: string) => {
  const line = html.replace(/\s+/g, ' ').trim();
  return line.length > QUOTE_LENGTH ? `${line.slice(0, QUOTE_LENGTH - 1)}…` : line;
};

/**
 * undefined when the file has no Markdown body or its body holds no HTML; otherwise what is wrong and
 * what to do instead, to be followed by the entry's name.
 */
export function rawHtmlProblem(entry: Entry, file: string, contents: Buffer): string | undefined {
  const field = bodyField(entry);
  if (!field || !file.endsWith('.md')) return undefined;
  const found = [...new Set(htmlInMarkdown(parseFrontmatter(contents.toString('utf8')).content).map(quoted))];
  if (found.length === 0) return undefined;
  const shown = found.slice(0, QUOTED).join(', ') + (found.length > QUOTED ? ', …' : '');
  return (
    `"${field.label ?? 'Text'}" holds HTML (${shown}), which the site would show as text, tags and all. ` +
    "Remove the tags and format the text with the editor's toolbar (bold, italic, headings, lists, links) instead"
  );
}
