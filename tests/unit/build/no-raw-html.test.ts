import { markdownToHtml } from 'satteri';
import { describe, expect, it } from 'vitest';
import { noRawHtml, noRawHtmlInContent } from '../../../src/build/no-raw-html.mjs';

/** A body rendered as the build renders content Markdown (Astro's Sätteri processor), with the rule. */
function render(markdown: string): string {
  const result = markdownToHtml(markdown, { mdastPlugins: [noRawHtml] });
  if (result instanceof Promise) throw new Error('the rule runs synchronously');
  return result.html;
}

describe('content Markdown shows HTML as text', () => {
  it('never passes a script, an event handler or any other tag through as markup', () => {
    // Markdown passes HTML through, and the server allows every inline script of a built page: a
    // body saved through the editor's API with this ran on the public page for every visitor.
    expect(render('Intro\n\n<script>document.title="pwned"</script>\n')).toBe(
      '<p>Intro</p>\n&lt;script&gt;document.title="pwned"&lt;/script&gt;\n',
    );
    expect(render('Text <img src=x onerror="alert(1)"> and <b>bold</b>\n')).toBe(
      '<p>Text &lt;img src=x onerror="alert(1)"&gt; and &lt;b&gt;bold&lt;/b&gt;</p>\n',
    );
    expect(render('<!-- --><script>alert(1)</script><!-- -->\n')).not.toMatch(/<script|<!--/);
  });

  it('renders what the editor writes as before: escaped brackets, comparisons and links', () => {
    expect(render('Write \\<b> for bold; 3 < 4; see <https://example.com>.\n')).toBe(
      '<p>Write &lt;b&gt; for bold; 3 &lt; 4; see <a href="https://example.com">https://example.com</a>.</p>\n',
    );
  });

  it("is added to the build's Markdown processor", () => {
    const processor = { name: 'satteri', options: { mdastPlugins: [] as unknown[] } };
    const setup = noRawHtmlInContent().hooks['astro:config:setup'] as (options: unknown) => void;
    setup({ config: { markdown: { processor } } });
    expect(processor.options.mdastPlugins).toContain(noRawHtml);
  });
});
