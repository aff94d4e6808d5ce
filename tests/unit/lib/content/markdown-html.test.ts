/**
 * What counts as HTML in content Markdown is the parser's call, not a pattern's: the save check
 * (src/cms/save-check/raw-html.ts) refuses exactly what the build would show as text, tags and all
 * (src/build/no-raw-html.mjs), and passes text that merely holds a "<".
 */
import { readFileSync } from 'node:fs';
import { satteri } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import { noRawHtml } from '../../../../src/build/no-raw-html.mjs';
import { htmlInMarkdown } from '../../../../src/lib/content/markdown-html.ts';

const withHtml = {
  'an inline tag': 'We cut wait times by <b>40%</b> in six months.',
  'a line break': 'First line<br>second line',
  'a block': '<div class="note">\nA note\n</div>',
  'a comment': 'Before <!-- a note to self --> after',
  'a script': 'Intro\n\n<script>alert(1)</script>',
  'a tag in a table cell': '| Measure | Result |\n| --- | --- |\n| Wait | <i>down</i> |',
  'a tag in a list': '- one\n- two <span style="color:red">red</span>',
  'an image tag': '<img src="x.png" alt="">',
};

const plainText = {
  'a comparison': 'Growth stayed < 5% for the year, and costs fell > 10%.',
  'an arrow': 'Intake -> triage -> a person decides.',
  'a heart': 'Teams <3 the new rota.',
  'escaped brackets, as the editor writes them': 'Write \\<b> in the old system for bold.',
  'inline code': 'The field is `<title>` in the export.',
  'a code block': '```\n<div>example</div>\n```',
  'an autolink': 'See <https://www.example.com/report>.',
  'an e-mail autolink': 'Write to <team@example.com>.',
  'a bracket and a space': 'Less than < div, not a tag.',
};

describe('HTML in content Markdown, as the parser reads it', () => {
  for (const [name, markdown] of Object.entries(withHtml)) {
    it(`finds ${name}`, () => {
      expect(htmlInMarkdown(markdown).length).toBeGreaterThan(0);
    });
  }
  for (const [name, markdown] of Object.entries(plainText)) {
    it(`finds nothing in ${name}`, () => {
      expect(htmlInMarkdown(markdown)).toEqual([]);
    });
  }

  it('quotes what it finds as written', () => {
    expect(htmlInMarkdown('A <b>bold</b> claim and a break<br>')).toEqual(['<b>', '</b>', '<br>']);
  });

  it("agrees with the build: the HTML found is the HTML Astro's own processor shows as text", async () => {
    // Astro's default processor (astro.config.mjs chooses none), with the build's rule counting the
    // pieces of HTML it turns into text.
    let shownAsText: string[] = [];
    const processor = satteri();
    processor.options.mdastPlugins.push({
      ...noRawHtml,
      html: (node: { type: 'html'; value: string }, ctx: Parameters<typeof noRawHtml.html>[1]) => {
        shownAsText.push(node.value);
        noRawHtml.html(node, ctx);
      },
    });
    const renderer = await processor.createRenderer({});
    for (const markdown of [...Object.values(withHtml), ...Object.values(plainText)]) {
      shownAsText = [];
      await renderer.render(markdown);
      expect(htmlInMarkdown(markdown), markdown).toEqual(shownAsText);
    }
  });

  it('asks the very Sätteri Astro renders with: the lock holds one copy of it', () => {
    // The cases above cannot find every difference two versions may have. A dependency update that
    // moves Astro's Sätteri and not the site's (Astro 7.4 took 0.11 while the site had 0.10) would
    // install a second copy; the site's range must follow Astro's instead.
    const lock = JSON.parse(readFileSync(new URL('../../../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    const copies = Object.keys(lock.packages).filter((path) => path.endsWith('node_modules/satteri'));
    expect(copies).toEqual(['node_modules/satteri']);
  });
});
