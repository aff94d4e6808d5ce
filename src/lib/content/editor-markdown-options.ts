/**
 * The options of the editor's Markdown fields (src/cms/fields.ts markdownBody()), apart so that the
 * editor's page, which runs in the browser, takes them without the check that runs on the server:
 * the build's and the save's check that the editor can open a body (./editor-markdown.ts) parses
 * with the same.
 */
export const EDITOR_MARKDOWN = { extension: 'md', options: { image: false } } as const;
