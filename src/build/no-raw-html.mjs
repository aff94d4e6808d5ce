/**
 * Content Markdown (a case study's story, a legal page's text) shows HTML as the text it is, never
 * as markup. Markdown passes HTML through, and the server allows every inline script a built page
 * holds (src/server/http/static-files.ts): a `<script>` in a body, saved through the editor's API
 * or committed to the repository, ran on the public page for every visitor. The editor never
 * writes HTML (it escapes `<` as `\<`) and its save refuses a body that holds any
 * (src/cms/save-check/raw-html.ts, with the same parser's reading: src/lib/content/markdown-html.ts),
 * so only a file changed by hand meets this, and its author sees the tags on the page. Refusing was no option: Astro's content loader logs a render error
 * and publishes the entry without its body.
 */
export const noRawHtml = {
  name: 'humanwise:no-raw-html',
  /**
   * @param {{ type: 'html', value: string }} node
   * @param {{ replaceNode(node: object, replacement: { type: 'text', value: string }): void }} ctx
   */
  html(node, ctx) {
    ctx.replaceNode(node, { type: 'text', value: node.value });
  },
};

/**
 * Adds the rule to the build's Markdown processor (Astro's Sätteri, whose options integrations may
 * extend in place).
 * @returns {import('astro').AstroIntegration}
 */
export function noRawHtmlInContent() {
  return {
    name: 'humanwise:no-raw-html',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const plugins = /** @type {{ options?: { mdastPlugins?: unknown[] } }} */ (config.markdown.processor).options
          ?.mdastPlugins;
        if (!plugins)
          throw new Error('The Markdown processor takes no mdast plugins: src/build/no-raw-html.mjs cannot apply.');
        plugins.push(noRawHtml);
      },
    },
  };
}
