/**
 * The editor's addresses that both its own code (src/cms) and the server's handling of them
 * (src/server/cms) name. Here rather than in src/cms because the container image copies src/config
 * but not src/cms, and the server handles these in github mode there. Not in routes.ts, which pages
 * and islands import: a build with CMS_MODE=off mentions the editor nowhere (tests/e2e/cms-off.spec.ts).
 */

/** The editor's pages (Keystatic's UI, our login and publishing status) are at and under this. */
export const EDITOR_PATH = '/keystatic';
/** Keystatic's API is at and under this. */
export const EDITOR_API_PATH = '/api/keystatic';
/** Where Keystatic's local mode saves (writes and deletes files): checked first, then published. */
export const SAVE_PATH = `${EDITOR_API_PATH}/update`;
/** Local mode's publishing status (src/server/cms/publishing-page.ts), linked from the editor's header. */
export const PUBLISHING_PATH = `${EDITOR_PATH}/publishing`;
/** Local mode's log-out (a POST; src/server/cms/editor-routes.ts), a button in the editor's header. */
export const LOG_OUT_PATH = `${EDITOR_PATH}/logout`;
