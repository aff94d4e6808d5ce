/**
 * What the editor cannot open in a Markdown file is Keystatic's own call (its MDX field's parse),
 * said in everyday words with the file's line: the build and the save refuse exactly that
 * (src/lib/content/editor-markdown.ts), and pass text that merely holds a "<" or a brace escaped.
 */
import { describe, expect, it } from 'vitest';
// The browser's build: the package's Node build stubs out the form fields' parse and serialize.
import { fields } from '../../../../node_modules/@keystatic/core/dist/keystatic-core.js';
import { EDITOR_MARKDOWN } from '../../../../src/lib/content/editor-markdown-options.ts';
import { editorBody, editorMarkdownProblems } from '../../../../src/lib/content/editor-markdown.ts';

/** Four lines of frontmatter and a blank line: the body's first line is the file's sixth. */
const file = (body: string) => `---\ntitle: A study\norder: 1\n---\n\n${body}`;

const refused: Record<string, [body: string, line: number, quoted: string, advice: RegExp]> = {
  'an HTML comment': [
    'Intro.\n\nBefore <!-- a note to self --> after',
    8,
    '“<!-- a note to self --> after”',
    /HTML comment.*Delete it/,
  ],
  'curly braces': ['Costs fell {roughly} by half.', 6, '“{roughly} by half.”', /curly braces.*\\\{ and \\\}/],
  'an unclosed brace': ['Costs fell { by half.', 6, '“{ by half.”', /curly braces/],
  'an HTML tag': ['We cut wait times by <b>40%</b>.', 6, '“<b>40%</b>.”', /an HTML tag.*\*\*bold\*\*/],
  'a line break tag': ['First line<br>second line', 6, '“<br>second line”', /an HTML tag/],
  'a closing tag alone': ['Text</p> more', 6, '“</p> more”', /an HTML tag/],
  'a "<" before a digit': ['Teams of <5 people.', 6, '“<5 people.”', /space after it \("< 5"\) or a backslash/],
  'a heart': ['Teams <3 the new rota.', 6, '“<3 the new rota.”', /space after it/],
  'a link in angle brackets': [
    'See <https://www.example.com/report>.',
    6,
    '“<https://www.example.com/report>.”',
    /\[the words\]\(https:\/\/…\)/,
  ],
  'an address in angle brackets': ['Write to <team@example.com>.', 6, '“<team@example.com>.”', /angle brackets/],
  'a line starting with import': ['One.\n\nimport duties rose.', 8, '“import duties rose.”', /"import" or "export"/],
  'an import line': ['import Chart from "./chart"', 6, '“import Chart from "./chart"”', /"import" or "export"/],
};

const opened: Record<string, string> = {
  'a comparison': 'Growth stayed < 5% for the year, and costs fell > 10%.',
  'an arrow': 'Intake -> triage -> a person decides.',
  'escaped brackets and braces, as the editor writes them': 'Write \\<b> and \\{count\\} in the old system.',
  'inline code': 'The field is `<title>` or `{count}` in the export.',
  'a code block': '```\n<div>{example}</div>\n```',
  'a closing brace alone': 'Phase 1 } phase 2.',
  'the legal texts’ tokens': 'Email %contact email%. %if analytics%We count visits.%end if%',
  'a sentence starting with Import': 'Import duties rose.',
  'links, lists and headings': '## Approach\n\n- one [link](https://example.com)\n- **two**\n\n1. three',
};

describe('what the editor cannot open in a Markdown body', () => {
  for (const [name, [body, line, quoted, advice]] of Object.entries(refused)) {
    it(`refuses ${name}, naming the file's line, quoting it and saying what to write instead`, async () => {
      const problems = await editorMarkdownProblems(file(body));
      expect(problems).toHaveLength(1);
      expect(problems[0]?.line).toBe(line);
      expect(problems[0]?.message.startsWith(`${quoted}: `)).toBe(true);
      expect(problems[0]?.message).toMatch(advice);
    });
  }

  for (const [name, body] of Object.entries(opened)) {
    it(`opens ${name}`, async () => {
      expect(await editorMarkdownProblems(file(body))).toEqual([]);
    });
  }

  it('names each expression the editor refuses, on its own line', async () => {
    const problems = await editorMarkdownProblems(file('One {a}.\n\nTwo {b}.'));
    expect(problems.map(({ line, message }) => [line, message.split(':')[0]])).toEqual([
      [6, '“{a}.”'],
      [8, '“{b}.”'],
    ]);
  });

  it('refuses a file that does not begin with its --- line, which the editor reads without its fields', async () => {
    expect(await editorMarkdownProblems(`\n${file('Text.')}`)).toEqual([
      { line: 1, message: expect.stringMatching(/must begin with a line of three dashes/) },
    ]);
    // A byte-order mark is not in the way: Keystatic's decoder drops it.
    expect(await editorMarkdownProblems(`\uFEFF${file('Text.')}`)).toEqual([]);
  });

  it('opens whatever the editor itself writes: "<" and braces typed as text come back escaped', async () => {
    const mdx = fields.mdx({ label: 'Body', ...EDITOR_MARKDOWN }) as unknown as {
      parse(value: undefined, args: object): unknown;
      serialize(value: unknown, args: object): { content: Uint8Array };
    };
    const typed = 'Write \\<b> and \\{count\\} as text.';
    const value = mdx.parse(undefined, {
      content: new TextEncoder().encode(typed),
      other: new Map(),
      external: new Map(),
    });
    const written = new TextDecoder().decode(mdx.serialize(value, {}).content);
    expect(await editorMarkdownProblems(file(written))).toEqual([]);
  });
});

describe('a Markdown file split as Keystatic splits it', () => {
  it('gives the body and the line it starts on', () => {
    expect(editorBody('---\ntitle: x\n---\nBody')).toEqual({ body: 'Body', firstLine: 4 });
    expect(editorBody('---\r\ntitle: x\r\n---\r\n\r\nBody')).toEqual({ body: '\r\nBody', firstLine: 4 });
    expect(editorBody('\n---\ntitle: x\n---\nBody')).toBeUndefined();
  });
});
