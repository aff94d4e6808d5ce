// @vitest-environment jsdom
/**
 * The publishing status page's HTML, for the marketing team: a failed publish says which entry (with
 * a link to it in the editor), which field by the editor's label and what is wrong, in plain words;
 * the build's own words are folded away and never show the server's folder; times say UTC; a build
 * running after a failure calls that failure the previous attempt. The failure is a real one
 * (tests/fixtures/build-failures), read as the publisher reads it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainFailureAt, parseBuildFailure } from '../../../src/lib/content/build-failure.ts';
import type { Publisher, PublishResult } from '../../../src/server/cms/publisher.ts';
import { ago, inUtc, publishingPage } from '../../../src/server/cms/publishing-page.ts';

const SERVER_FOLDER = '/srv/humanwise-site';
const PROJECT = path.resolve(import.meta.dirname, '../../..');
const NOW = new Date('2026-12-02T14:08:30Z');

async function failed(fixture: string): Promise<PublishResult> {
  const output = readFileSync(path.join(PROJECT, 'tests/fixtures/build-failures', `${fixture}.log`), 'utf8');
  const parsed = parseBuildFailure(output, SERVER_FOLDER);
  return {
    outcome: 'failed',
    startedAt: '2026-12-02T14:04:10.000Z',
    finishedAt: '2026-12-02T14:05:30.000Z',
    reason: parsed.log,
    files: parsed.file ? [parsed.file] : [],
    // The titles come from this repository's content files.
    problem: await explainFailureAt(PROJECT, parsed),
  };
}

function page(status: Partial<ReturnType<Publisher['status']>>) {
  const history = status.history ?? (status.last ? [status.last] : []);
  const publisher = {
    status: () => ({ building: false, queued: false, last: history[0], history, ...status }),
  } as unknown as Publisher;
  const html = publishingPage(publisher, NOW);
  return { html, document: new DOMParser().parseFromString(html, 'text/html') };
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The page's headings as "h1 Publishing status", in order. */
const headings = (document: Document) =>
  [...document.querySelectorAll('h1, h2, h3')].map((heading) => `${heading.tagName.toLowerCase()} ${text(heading)}`);

describe('the publishing status page', () => {
  it('says which entry failed, with a link to it in the editor, which field by its label and what is wrong', async () => {
    const { html, document } = page({ last: await failed('updated-before-published') });
    const alert = document.querySelector('[role=alert]');
    expect(text(alert)).toContain('Not published.');
    expect(text(alert)).toContain(
      'stopped at a problem in case study “A Life-Planning Platform That Starts With the Person, Not the Policy”',
    );
    const link = document.querySelector('a[href="/keystatic/collection/caseStudies/item/stella"]');
    expect(text(link)).toBe(
      'Open case study “A Life-Planning Platform That Starts With the Person, Not the Policy” in the editor',
    );
    expect([...document.querySelectorAll('main li')].map(text)).toEqual([
      'Last revised: “Last revised” must not be earlier than “Published”.',
    ]);
    // The build's words: folded away, for the operator; nothing of Node's or Astro's outside them.
    const details = document.querySelector('details');
    expect(text(details?.querySelector('summary'))).toBe('What the build said');
    expect(details?.hasAttribute('open')).toBe(false);
    expect(text(details?.querySelector('pre'))).toContain('updated must not be earlier than published');
    details?.remove();
    expect(text(document.body)).not.toMatch(/AstroError|loc:|Node\.js|src\/content|\bupdated\b/);
    expect(html).not.toContain(SERVER_FOLDER);
    expect(html).not.toMatch(/\/(?:srv|home|tmp|usr)\//);
  });

  it('a program naming an offer that is gone: the program, its Offer field, and which offer', async () => {
    const { document } = page({ last: await failed('unknown-reference') });
    expect(document.querySelector('a[href="/keystatic/collection/programs/item/opportunity-mapping"]')).not.toBeNull();
    expect([...document.querySelectorAll('main li')].map(text)).toEqual([
      'Offer: “ai-advantage-labs” is not one of the Offers: it may have been renamed or deleted. Choose one that exists.',
    ]);
    // Vite's chunk-size advice and the build's progress are not the failure.
    expect(text(document.querySelector('pre'))).not.toMatch(/chunks|prerendering|├─/);
  });

  it('links a page’s entry to its place among the Pages', async () => {
    const { document } = page({ last: await failed('page-seo') });
    expect(text(document.querySelector('a[href="/keystatic/singleton/about"]'))).toBe(
      'Open the “About” page in the editor',
    );
    expect([...document.querySelectorAll('main li')].map(text)).toEqual([
      'Search and sharing › Search description: Too short: at least 50 characters.',
    ]);
  });

  it('a failure outside the content sends the team to the operator, with no link into the editor', () => {
    const { document } = page({
      last: {
        outcome: 'failed',
        startedAt: '2026-12-02T14:04:10.000Z',
        finishedAt: '2026-12-02T14:05:30.000Z',
        reason: 'The new build could not be loaded: Error: entry.mjs did not load',
        files: [],
      },
    });
    expect(text(document.querySelector('main'))).toContain('Tell the person who runs the site');
    expect(document.querySelector('a[href^="/keystatic/collection"], a[href^="/keystatic/singleton"]')).toBeNull();
  });

  it('says each time as how long ago, with the time in UTC', async () => {
    const { document } = page({ last: await failed('updated-before-published') });
    expect(text(document.querySelector('[role=alert]'))).toContain(
      'The build that started 4 minutes ago (14:04 UTC, 2 December 2026) stopped',
    );
    const started = document.querySelector('[role=alert] time');
    expect(started?.getAttribute('datetime')).toBe('2026-12-02T14:04:10.000Z');
    expect(text(document.querySelector('tbody td'))).toBe('3 minutes ago (14:05 UTC, 2 December 2026)');
    expect(text(document.querySelectorAll('tbody td')[1])).toBe(
      'Not published (case study “A Life-Planning Platform That Starts With the Person, Not the Policy”): the previous version stayed live',
    );
  });

  it('while a fix is building, calls the failure the previous attempt, and alerts no more', async () => {
    const last = await failed('updated-before-published');
    const { html, document } = page({ building: true, buildStartedAt: '2026-12-02T14:08:00.000Z', last });
    expect(text(document.querySelector('[role=status]'))).toContain(
      'Publishing… A build is running: it started 30 seconds ago (14:08 UTC, 2 December 2026).',
    );
    expect(headings(document)).toEqual([
      'h1 Publishing status',
      'h2 Now',
      'h2 Previous attempt: not published',
      'h3 What to fix',
      'h2 Recent builds',
    ]);
    expect(document.querySelector('[role=alert]')).toBeNull();
    expect(html).toContain('<meta http-equiv="refresh" content="5">');
  });

  it('is one main landmark with one h1, its sections named by their headings, and a table with column headers', async () => {
    const { document } = page({
      last: await failed('two-fields'),
      history: [
        await failed('two-fields'),
        { outcome: 'published', startedAt: '2026-12-01T09:00:00.000Z', finishedAt: '2026-12-01T09:01:10.000Z' },
      ],
    });
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(headings(document)).toEqual([
      'h1 Publishing status',
      'h2 Last attempt: not published',
      'h3 What to fix',
      'h2 Recent builds',
    ]);
    for (const section of document.querySelectorAll('section')) {
      const label = document.getElementById(section.getAttribute('aria-labelledby') ?? '');
      expect(label && section.contains(label) && /^H[23]$/.test(label.tagName)).toBe(true);
    }
    expect([...document.querySelectorAll('th')].map((th) => th.getAttribute('scope'))).toEqual(['col', 'col']);
    expect([...(document.querySelectorAll('tbody tr')[1]?.children ?? [])].map(text)).toEqual([
      '1 day ago (09:01 UTC, 1 December 2026)',
      'Published',
    ]);
    expect(document.querySelector('meta[http-equiv="refresh"]')).toBeNull();
  });

  it('after a publish: live, and when', () => {
    const { document } = page({
      last: { outcome: 'published', startedAt: '2026-12-02T14:06:00.000Z', finishedAt: '2026-12-02T14:08:25.000Z' },
    });
    expect(text(document.querySelector('main'))).toContain(
      'Live. The last changes went live just now (14:08 UTC, 2 December 2026).',
    );
  });
});

describe('times', () => {
  it('are said as how long ago, and in UTC', () => {
    expect(ago('2026-12-02T14:08:25Z', NOW)).toBe('just now');
    expect(ago('2026-12-02T14:08:00Z', NOW)).toBe('30 seconds ago');
    expect(ago('2026-12-02T14:07:30Z', NOW)).toBe('1 minute ago');
    expect(ago('2026-12-02T11:00:00Z', NOW)).toBe('3 hours ago');
    expect(ago('2026-11-28T14:00:00Z', NOW)).toBe('4 days ago');
    expect(inUtc('2026-01-05T07:03:00Z')).toBe('07:03 UTC, 5 January 2026');
  });
});
