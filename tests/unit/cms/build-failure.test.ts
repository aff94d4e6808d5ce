/**
 * A failed publishing build read into what the status page says: the entry (kind, title, the
 * editor's address of it), the field by the editor's label, and the build's message without
 * Astro's and Node's internals. The outputs in tests/fixtures/build-failures are real: each is what
 * `src/build/build.ts --out-dir dist.next` printed (NO_COLOR, as the publisher runs it) with one
 * content file broken, in a project at /srv/humanwise-site (only the prerendered routes' list is
 * shortened). The first five are Node's crash dumps, from before the build printed its own report
 * (src/build/failure-report.ts), which the others are; both are read.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as editorNames from '../../../src/cms/entries.ts';
import { collections, singletons } from '../../../src/cms/schema.ts';
import {
  explainBuildFailure,
  explainFailureAt,
  parseBuildFailure,
  withoutFolders,
} from '../../../src/lib/content/build-failure.ts';

const ROOT = '/srv/humanwise-site';
const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../fixtures/build-failures', `${name}.log`), 'utf8');
/** The content files as they are in this repository (their titles). */
const repoFile = (file: string) => {
  try {
    return readFileSync(path.resolve(import.meta.dirname, '../../..', file), 'utf8');
  } catch {
    return undefined;
  }
};
const explain = (name: string, source: (file: string) => string | undefined = repoFile) =>
  explainBuildFailure(parseBuildFailure(fixture(name), ROOT), editorNames, source);

const STELLA_TITLE = 'A Life-Planning Platform That Starts With the Person, Not the Policy';

describe('a failed build, explained', () => {
  it('a case study whose "Last revised" is earlier than "Published": the entry, the label, the rule in its labels', () => {
    expect(explain('updated-before-published')).toEqual({
      file: 'src/content/case-studies/stella.md',
      entry: { kind: 'case study', title: STELLA_TITLE, editorPath: 'collection/caseStudies/item/stella' },
      problems: [
        { field: 'updated', label: 'Last revised', message: '“Last revised” must not be earlier than “Published”.' },
      ],
    });
  });

  it('names the entry by the title it was saved with', () => {
    const saved = `---\ntitle: "This Title: Never Reach the Site"\npublished: 2026-02-10\n---\n`;
    expect(explain('updated-before-published', () => saved).entry?.title).toBe('This Title: Never Reach the Site');
    // Unreadable (deleted since): its file name.
    expect(explain('updated-before-published', () => undefined).entry?.title).toBe('stella');
  });

  it('a program naming an offer that does not exist: the program, its "Offer" field, and the offer named', () => {
    expect(explain('unknown-reference')).toEqual({
      file: 'src/content/programs/opportunity-mapping.json',
      entry: {
        kind: 'program',
        title: 'Small Business Innovation Program',
        editorPath: 'collection/programs/item/opportunity-mapping',
      },
      problems: [
        {
          field: 'offer',
          label: 'Offer',
          message:
            '“ai-advantage-labs” is not one of the Offers: it may have been renamed or deleted. Choose one that exists.',
        },
      ],
    });
  });

  it('an offer that does not exist, said once and without a stack, though Astro logs it and the page stops on it', () => {
    const output = fixture('unknown-offer');
    expect(output).not.toMatch(/^\s+at /m);
    expect(explain('unknown-offer')).toEqual({
      file: 'src/content/programs/orchestration.json',
      entry: {
        kind: 'program',
        title: 'Corporate CX & Innovation Program',
        editorPath: 'collection/programs/item/orchestration',
      },
      problems: [
        {
          field: 'offer',
          label: 'Offer',
          message:
            '“ai-orchestration” is not one of the Offers: it may have been renamed or deleted. Choose one that exists.',
        },
      ],
    });
  });

  it('a solution linking to no page of the site: its "Link" and what to give instead', () => {
    expect(explain('unknown-link')).toEqual({
      file: 'src/content/solutions/ai-integration-pilots.json',
      entry: {
        kind: 'solution',
        title: 'AI Integration Pilots',
        editorPath: 'collection/solutions/item/ai-integration-pilots',
      },
      problems: [
        {
          field: 'link',
          label: 'Link',
          message:
            '"/pilots" is not a page of the site: give the address of one that is, such as /cie, or leave it empty.',
        },
      ],
    });
  });

  it('a page’s nested field and a case study’s list item are named by the editor’s labels, with the limit in words', () => {
    expect(explain('page-seo')).toEqual({
      file: 'src/content/pages/about.json',
      entry: { kind: 'page', title: 'About', editorPath: 'singleton/about' },
      problems: [
        {
          field: 'seo.description',
          label: 'Search and sharing › Search description',
          message: 'Too short: at least 50 characters.',
        },
      ],
    });
    expect(explain('two-fields').problems).toEqual([
      { field: 'highlights.0.value', label: 'Highlights › Figure 1 › Figure', message: 'Must not be empty.' },
      { field: 'order', label: 'Order', message: 'Must be at least 1.' },
    ]);
  });

  it('a file that cannot be read: the entry (by its file name: its title cannot be read either), and the parser’s message', () => {
    const broken = (file: string) => repoFile(file)?.replace('"opportunity-mapping",', '"opportunity-mapping",,,');
    expect(explain('bad-json', broken)).toEqual({
      file: 'src/content/offers/ai-advantage-lab.json',
      entry: { kind: 'offer', title: 'ai-advantage-lab', editorPath: 'collection/offers/item/ai-advantage-lab' },
      problems: [
        {
          message:
            'The file is not valid JSON at line 3, column 36 (Expected double-quoted property name). ' +
            'Check that place and the line before it for a missing or extra comma, quote or brace.',
        },
      ],
    });
    // The same from the build's own report of the error (src/build/failure-report.ts).
    expect(explain('json-comma', broken).problems).toEqual(explain('bad-json', broken).problems);
  });

  it('a missing field, a wrong type and a choice outside the list, each in everyday words', () => {
    expect(explain('missing-and-mistyped').problems).toEqual([
      {
        field: 'category',
        label: 'Category',
        message: 'Must be one of: Healthcare, Insurance, Retail, Employee Experience, Training, Automotive.',
      },
      { field: 'client', label: 'Client', message: 'Missing: it must be filled in.' },
      { field: 'order', label: 'Order', message: 'Must be a number: write it without quotes.' },
    ]);
  });

  it('frontmatter that YAML cannot read: its line, and what usually breaks there', () => {
    expect(explain('yaml-error').problems).toEqual([
      {
        message:
          'The fields at the top of the file (between the two --- lines) cannot be read at line 7: bad indentation of a mapping entry. ' +
          'Check that line and the one above it: indent with spaces as the other fields are, close every quote, ' +
          'and put a value that holds a colon (:) or starts with a quote in quotes.',
      },
    ]);
  });

  it('frontmatter never closed: one line to add, not every field missing', () => {
    const open = (file: string) => repoFile(file)?.replace('\n---\n\n## Challenge', '\n\n## Challenge');
    expect(explain('frontmatter-not-closed', open).problems).toEqual([
      {
        message:
          'The fields at the top of the file are not closed: add a line of three dashes (---) after the last field, before the text.',
      },
    ]);
    // Closed, the build's own list stands.
    expect(explain('frontmatter-not-closed').problems.length).toBeGreaterThan(5);
  });

  it('a story the editor cannot open: the body by its label, its line and what to write instead', () => {
    expect(explain('story-editor')).toEqual({
      file: 'src/content/case-studies/stella.md',
      entry: { kind: 'case study', title: STELLA_TITLE, editorPath: 'collection/caseStudies/item/stella' },
      problems: [
        {
          field: 'body',
          label: 'Story',
          message:
            'line 30: “<!-- check the figures -->”: an HTML comment (<!-- … -->), which the editor cannot open. Delete it: keep notes outside the text.',
        },
      ],
    });
  });

  it('an artwork file that does not exist: the content file that names it and its field, which the build does not name', async () => {
    const parsed = parseBuildFailure(fixture('missing-artwork'), ROOT);
    expect(parsed.file).toBeUndefined();
    // A project whose story names the missing file, as the broken one did.
    const project = mkdtempSync(path.join(tmpdir(), 'humanwise-artwork-'));
    try {
      mkdirSync(path.join(project, 'src/content/case-studies'), { recursive: true });
      const story =
        repoFile('src/content/case-studies/stella.md')?.replace('stella/image.svg', 'stella/imag.svg') ?? '';
      writeFileSync(path.join(project, 'src/content/case-studies/stella.md'), story);
      expect(await explainFailureAt(project, parsed)).toEqual({
        file: 'src/content/case-studies/stella.md',
        entry: { kind: 'case study', title: STELLA_TITLE, editorPath: 'collection/caseStudies/item/stella' },
        problems: [
          {
            field: 'image',
            label: 'Artwork',
            message:
              'The artwork file ../../assets/art/case-studies/stella/imag.svg does not exist. ' +
              "Upload the artwork again in the editor, or correct the path to the file's name under src/assets/art.",
          },
        ],
      });
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('a failure outside the content: no entry, the error it stopped with', () => {
    const output =
      '12:00:01 [build] Building server entrypoints...\n' +
      '[vite]: Rollup failed to resolve import "left-pad" from "/srv/humanwise-site/src/lib/x.ts".\n' +
      '    at onwarn (/srv/humanwise-site/node_modules/vite/dist/node/chunks/dep.js:1:1)\n';
    const explained = explainBuildFailure(parseBuildFailure(output, ROOT), editorNames, repoFile);
    expect(explained.entry).toBeUndefined();
    expect(explained.problems).toEqual([
      { message: '[vite]: Rollup failed to resolve import "left-pad" from "src/lib/x.ts".' },
    ]);
  });

  it('keeps the build’s words for the operator, without the stack, Node’s lines, progress or the server’s folder', () => {
    for (const name of [
      'updated-before-published',
      'unknown-reference',
      'page-seo',
      'two-fields',
      'bad-json',
      'missing-and-mistyped',
      'yaml-error',
      'json-comma',
      'story-editor',
      'unknown-offer',
      'missing-artwork',
      'unknown-link',
    ]) {
      const { log } = parseBuildFailure(fixture(name), ROOT);
      expect(log, name).not.toMatch(
        /\/srv\/|Node\.js v|triggerUncaughtException|^\s+at |├─|Some chunks|Syncing content|Building server/m,
      );
      expect(log, name).toMatch(/src\/content\/\S+\.(json|md)/);
    }
    expect(parseBuildFailure(fixture('updated-before-published'), ROOT).log).toContain(
      '**updated**: updated must not be earlier than published',
    );
    // Another folder than the server's is cut to its file name.
    expect(parseBuildFailure(fixture('updated-before-published'), '/elsewhere').log).not.toContain('/srv/');
  });

  it('reads the field lines of an output without Astro’s bold marks', () => {
    const output =
      '[InvalidContentEntryDataError] caseStudies → stella data does not match collection schema.\n' +
      '  title: Required\n  Location: /site/src/content/case-studies/stella.md:0:0\n';
    expect(parseBuildFailure(output, '/site').problems).toEqual([
      { field: 'title', message: 'Missing: it must be filled in.' },
    ]);
  });

  it('loads the editor’s names itself, from the project’s files', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const explained = await explainFailureAt(root, parseBuildFailure(fixture('updated-before-published'), ROOT));
    expect(explained.entry).toEqual({
      kind: 'case study',
      title: STELLA_TITLE,
      editorPath: 'collection/caseStudies/item/stella',
    });
  });
});

describe('the editor’s names for a content file', () => {
  it('every collection has a kind in words, and every entry an address in the editor', () => {
    const kinds = Object.fromEntries(
      Object.entries(collections).map(([key, { path: folder = '' }]) => [
        key,
        editorNames.entryInEditor(
          `${folder.replace(/\*$/, '')}an-entry.${key === 'caseStudies' || key === 'legal' ? 'md' : 'json'}`,
          undefined,
        ),
      ]),
    );
    expect(Object.fromEntries(Object.entries(kinds).map(([key, entry]) => [key, entry?.kind]))).toEqual({
      programs: 'program',
      offers: 'offer',
      solutions: 'solution',
      cieComponents: 'CIE component',
      caseStudies: 'case study',
      legal: 'legal page',
    });
    expect(kinds.cieComponents?.editorPath).toBe('collection/cieComponents/item/an-entry');
    for (const [key, { path: file, label }] of Object.entries(singletons)) {
      expect(editorNames.entryInEditor(`${file}.json`, undefined)).toMatchObject({
        kind: 'page',
        title: label,
        editorPath: `singleton/${key}`,
      });
    }
  });

  it('a file the editor does not edit, or a field it does not have, has no name', () => {
    expect(editorNames.entryInEditor('src/content/case-studies/stella.json', undefined)).toBeUndefined();
    expect(editorNames.entryInEditor('src/content/schemas/fields.ts', undefined)).toBeUndefined();
    expect(editorNames.entryInEditor('src/content/case-studies/../site.md', undefined)).toBeUndefined();
    expect(editorNames.entryInEditor('src/content/case-studies/stella.md', undefined)?.field('taglin')).toBeUndefined();
  });

  it('says the labels of a list’s items and of a group’s fields', () => {
    const offer = editorNames.entryInEditor('src/content/offers/ai-advantage-lab.json', undefined);
    expect(offer?.field('phases.2.weeks')?.label).toBe('Phases › Phase 3 › Weeks');
    expect(offer?.field('guarantee.days')?.label).toBe('Guarantee › Days');
    expect(
      editorNames.entryInEditor('src/content/pages/cie.json', undefined)?.field('comparison.rows.0.newWay')?.label,
    ).toBe('Comparison › Rows › Row 1 › New way');
  });

  it('leaves a message in its own words when it does not name its field by its key', () => {
    const output = fixture('updated-before-published').replace(
      'updated must not be earlier than published',
      'must be published first',
    );
    expect(explainBuildFailure(parseBuildFailure(output, ROOT), editorNames, repoFile).problems).toEqual([
      { field: 'updated', label: 'Last revised', message: 'must be published first.' },
    ]);
  });
});

describe('withoutFolders', () => {
  it('makes the server’s paths relative and cuts other folders’ to their file names, leaving page addresses alone', () => {
    expect(
      withoutFolders(
        'at x (file:///srv/site/dist/a.mjs:1:1) /srv/site/src/b.ts /usr/lib/node/c.js rendering /program/x https://docs.astro.build/en/',
        '/srv/site',
      ),
    ).toBe('at x (dist/a.mjs:1:1) src/b.ts …/c.js rendering /program/x https://docs.astro.build/en/');
  });
});
