/**
 * The publishing status page (/keystatic/publishing), linked from the editor's login page: is a
 * build running, did the last one go live, and if not, why (the file and the field).
 */
import { EDITOR_PATH, editorPage } from './editor-routes.ts';
import type { Publisher, PublishResult } from './publisher.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const time = (iso: string) => `<time datetime="${iso}">${escapeHtml(iso.replace('T', ' ').slice(0, 19))} UTC</time>`;

function lastResult(last: PublishResult | undefined): string {
  if (!last)
    return '<p>Nothing has been published since the server started: the site shows the build it started with.</p>';
  if (last.outcome === 'published') {
    return `<p><strong>Live.</strong> The last changes went live at ${time(last.finishedAt)}.</p>`;
  }
  const files = last.files?.length
    ? `<p>The file${last.files.length > 1 ? 's' : ''} to fix: ${last.files.map((file) => `<code>${escapeHtml(file)}</code>`).join(', ')}.</p>`
    : '';
  return (
    `<div role="alert"><p><strong>Not published.</strong> The build that started at ${time(last.startedAt)} failed, so ` +
    'the site still shows the previous version. Nothing a visitor sees has changed.</p></div>' +
    `${files}<p>What the build said:</p><pre>${escapeHtml(last.reason ?? '')}</pre>` +
    `<p>Open the entry in the <a href="${EDITOR_PATH}">editor</a>, correct the field named above and save again: ` +
    'the site is rebuilt after every save.</p>'
  );
}

export function publishingPage(publisher: Publisher): string {
  const status = publisher.status();
  const building = status.building
    ? `<p role="status"><strong>Publishing…</strong> A build is running${status.buildStartedAt ? ` (started ${time(status.buildStartedAt)})` : ''}${status.queued ? ', and another will follow for the changes saved since' : ''}. This page refreshes itself.</p>`
    : '';
  const rows = status.history
    .map(
      (result) =>
        `<tr><td>${time(result.finishedAt)}</td><td>${result.outcome === 'published' ? 'Published' : 'Failed: the previous version stayed live'}</td></tr>`,
    )
    .join('');
  const html = editorPage(
    'Publishing status',
    `<h1>Publishing status</h1>${building}${lastResult(status.last)}` +
      (rows
        ? `<h2>Recent builds</h2><table><thead><tr><th>Finished</th><th>Result</th></tr></thead><tbody>${rows}</tbody></table>`
        : '') +
      `<p><a href="${EDITOR_PATH}">Back to the editor</a></p>`,
  );
  // While a build runs, the page reloads itself every 5 seconds (no script: the editor's policy allows none inline).
  return status.building ? html.replace('<title>', '<meta http-equiv="refresh" content="5"><title>') : html;
}

/** What /healthz says about publishing (local mode): never makes the site unhealthy. */
export function publishingHealth(publisher: Publisher) {
  const { building, last } = publisher.status();
  return {
    building,
    last: last
      ? { outcome: last.outcome, finishedAt: last.finishedAt, ...(last.files?.length ? { files: last.files } : {}) }
      : null,
  };
}
