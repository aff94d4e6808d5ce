/**
 * The HTML in a Markdown text, as the build's Markdown processor reads it: Sätteri, the parser Astro
 * renders content Markdown with, given the same features. The build shows each piece as text, tags
 * and all (src/build/no-raw-html.mjs); the editor's save refuses a body that holds any
 * (src/cms/save-check/raw-html.ts). Asking the parser rather than matching "<" keeps ordinary text
 * out: "growth < 5%", "a -> b", an escaped "\<" (the editor writes every "<" it is typed so) and code
 * are text to it, so they are not HTML here either.
 */
import { markdownToMdast } from 'satteri';

/**
 * The features the build's processor turns on: Astro's defaults, GFM and smart punctuation
 * (astro.config.mjs sets no `markdown` options). tests/unit/lib/content/markdown-html.test.ts runs
 * Astro's own processor beside this to prove that the two find the same HTML.
 */
const BUILD_FEATURES = { gfm: true, smartPunctuation: true } as const;

interface Node {
  type: string;
  value?: string;
  children?: Node[];
}

/** Each piece of HTML in `markdown` (a body without its frontmatter), as written, in order. */
export function htmlInMarkdown(markdown: string): string[] {
  const found: string[] = [];
  const visit = (node: Node) => {
    if (node.type === 'html' && node.value !== undefined) found.push(node.value);
    for (const child of node.children ?? []) visit(child);
  };
  visit(markdownToMdast(markdown, { features: BUILD_FEATURES, position: false }) as Node);
  return found;
}
