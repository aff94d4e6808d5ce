/**
 * The publishing status page (/keystatic/publishing), linked from the editor's header and login
 * page, for the marketing team: is a build running, did the last one go live, and if not, what to
 * fix in plain words: the entry (its kind and title, linked to it in the editor), the field (the
 * editor's label for it) and what is wrong with it. The build's own words stay one click away for
 * the operator ("What the build said"), without the server's folder. Times are said as "3 minutes
 * ago" with the time in UTC.
 */
import type { BuildProblem } from '../../lib/content/build-failure.ts';
import { EDITOR_PATH } from '../../config/editor-paths.ts';
import { editorPage } from './editor-routes.ts';
import type { Publisher, PublishResult } from './publisher.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "3 minutes ago", "just now", "2 hours ago", "5 days ago". */
export function ago(iso: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  const say = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  if (seconds < 10) return 'just now';
  if (seconds < 60) return say(seconds, 'second');
  if (seconds < 3600) return say(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return say(Math.floor(seconds / 3600), 'hour');
  return say(Math.floor(seconds / 86_400), 'day');
}

/** "14:05 UTC, 2 December 2026": the server's clock, said as UTC, never as a visitor's local time. */
export function inUtc(iso: string): string {
  const date = new Date(iso);
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${hh}:${mm} UTC, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const time = (iso: string, now: Date) => `<time datetime="${escapeHtml(iso)}">${ago(iso, now)}</time> (${inUtc(iso)})`;

/** The entry as the editor names it: case study “Stella”; a page: the “About” page. */
const entryName = (entry: NonNullable<BuildProblem['entry']>) =>
  entry.kind === 'page' ? `the “${escapeHtml(entry.title)}” page` : `${entry.kind} “${escapeHtml(entry.title)}”`;

const capitalized = (html: string) => html.charAt(0).toUpperCase() + html.slice(1);

/** What to fix: the entry and a link to it, each field by its label and what is wrong with it. */
function whatToFix(problem: BuildProblem | undefined): string {
  const problems = problem?.problems ?? [];
  const list = problems.length
    ? `<ul>${problems
        .map(({ label, field, message }) => {
          const name = label ?? field;
          return `<li>${name ? `<strong>${escapeHtml(name)}</strong>: ` : ''}${escapeHtml(message)}</li>`;
        })
        .join('')}</ul>`
    : '';
  if (!problem?.entry) {
    return (
      '<p>The build stopped at a problem that is not in an entry of the editor, so it cannot be corrected there. ' +
      'Tell the person who runs the site: the server’s log has the whole build output.</p>' +
      list
    );
  }
  const { entry } = problem;
  const named = problems.filter((item) => item.label ?? item.field).length;
  const fields = named === 0 ? 'it' : named === 1 ? 'the field named above' : 'the fields named above';
  return (
    `<p>${capitalized(entryName(entry))} has a problem the site does not accept:</p>${list}` +
    `<p><a href="${EDITOR_PATH}/${escapeHtml(entry.editorPath)}">Open ${entryName(entry)} in the editor</a>, ` +
    `correct ${fields} and save again: the site is rebuilt after every save.</p>`
  );
}

/** The build's own words, for the operator, folded away. */
const buildSaid = (reason: string | undefined) =>
  reason ? `<details><summary>What the build said</summary><pre>${escapeHtml(reason)}</pre></details>` : '';

/** The last publish; while a build runs, it is the attempt before the one running now. */
function lastResult(last: PublishResult | undefined, building: boolean, now: Date): string {
  if (!last) {
    return (
      '<section aria-labelledby="last-publish"><h2 id="last-publish">Last publish</h2>' +
      '<p>Nothing has been published since the server started: the site shows the build it started with.</p></section>'
    );
  }
  if (last.outcome === 'published') {
    return (
      `<section aria-labelledby="last-publish"><h2 id="last-publish">${building ? 'Previous publish' : 'Last publish'}</h2>` +
      `<p><strong>Live.</strong> The last changes went live ${time(last.finishedAt, now)}.</p></section>`
    );
  }
  const entry = last.problem?.entry;
  const about = entry ? ` at a problem in ${entryName(entry)}` : '';
  const said =
    `<strong>Not published.</strong> The build that started ${time(last.startedAt, now)} stopped${about}, so ` +
    'the site still shows the previous version. Nothing a visitor sees has changed.';
  // While a fix is building, the failure is the previous attempt's: said, but not as an alert.
  const heading = building ? 'Previous attempt: not published' : 'Last attempt: not published';
  const summary = building
    ? `<p>${said} The build running now includes every change saved since: if it fixed this, this goes away when it goes live.</p>`
    : `<div role="alert"><p>${said}</p></div>`;
  return (
    `<section aria-labelledby="last-publish"><h2 id="last-publish">${heading}</h2>${summary}` +
    `<h3>What to fix</h3>${whatToFix(last.problem)}${buildSaid(last.reason)}</section>`
  );
}

/** One row of the recent builds: when, and what came of it. */
function historyRow(result: PublishResult, now: Date): string {
  const entry = result.problem?.entry;
  const outcome =
    result.outcome === 'published'
      ? 'Published'
      : `Not published${entry ? ` (${entryName(entry)})` : ''}: the previous version stayed live`;
  return `<tr><td>${time(result.finishedAt, now)}</td><td>${outcome}</td></tr>`;
}

export function publishingPage(publisher: Publisher, now = new Date()): string {
  const status = publisher.status();
  const building = status.building
    ? '<section aria-labelledby="now-publishing"><h2 id="now-publishing">Now</h2>' +
      `<p role="status"><strong>Publishing…</strong> A build is running${status.buildStartedAt ? `: it started ${time(status.buildStartedAt, now)}` : ''}${status.queued ? ', and another will follow for the changes saved since' : ''}. ` +
      'The changes go live when it succeeds. This page refreshes itself.</p></section>'
    : '';
  const rows = status.history.map((result) => historyRow(result, now)).join('');
  const html = editorPage(
    'Publishing status',
    `<h1>Publishing status</h1>${building}${lastResult(status.last, status.building, now)}` +
      (rows
        ? '<section aria-labelledby="recent-builds"><h2 id="recent-builds">Recent builds</h2>' +
          `<table><thead><tr><th scope="col">Finished</th><th scope="col">Result</th></tr></thead><tbody>${rows}</tbody></table></section>`
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
