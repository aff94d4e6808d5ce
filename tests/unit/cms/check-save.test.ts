/**
 * A save is checked before Keystatic writes anything (src/cms/check-save.ts, called by the editor's
 * API route), whatever sent it: its content files with the editor's rules (a category outside the
 * list, an empty title) and the build's own schema (a revision older than the publication), its
 * uploaded artwork (an SVG only), and the references between entries as they will be after it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSave } from '../../../src/cms/check-save.ts';
import { cmsConfig } from '../../../src/cms/config.ts';
import { LEGAL_TEXTS } from '../../../src/lib/legal/legal-text.ts';

const config = cmsConfig({ kind: 'local' });
const root = path.resolve(import.meta.dirname, '../../..');
const stella = readFileSync(path.join(root, 'src/content/case-studies/stella.md'), 'utf8');
const stellaTitle = 'A Life-Planning Platform That Starts With the Person, Not the Policy';
const site = readFileSync(path.join(root, 'src/content/site.json'), 'utf8');
const offer = JSON.parse(readFileSync(path.join(root, 'src/content/offers/ai-advantage-lab.json'), 'utf8'));
const encode = (text: string) => Buffer.from(text).toString('base64url');
const save = (file: string, text: string) => ({ additions: [{ path: file, contents: encode(text) }], deletions: [] });

describe('a save, checked before it is written', () => {
  it('passes a valid case study, a valid page and files that are not content (artwork)', async () => {
    expect(await checkSave(config, save('src/content/case-studies/stella.md', stella))).toBeUndefined();
    expect(await checkSave(config, save('src/content/site.json', site))).toBeUndefined();
    expect(await checkSave(config, save('src/assets/art/case-studies/stella/image.svg', '<svg/>'))).toBeUndefined();
  });

  it('refuses a category outside the list, naming the file and the field', async () => {
    const problem = await checkSave(
      config,
      save('src/content/case-studies/stella.md', stella.replace('category: Insurance', 'category: Banking')),
    );
    expect(problem).toMatch(
      /^Not saved: src\/content\/case-studies\/stella\.md has a field the site does not accept\./,
    );
    expect(problem).toMatch(/category/);
  });

  it('refuses an empty title and an empty company name', async () => {
    const untitled = stella.replace(/^title: .*$/m, 'title: ""');
    expect(await checkSave(config, save('src/content/case-studies/stella.md', untitled))).toMatch(
      /Title must not be empty/,
    );
    const nameless = JSON.stringify({ ...JSON.parse(site), companyName: '' });
    expect(await checkSave(config, save('src/content/site.json', nameless))).toMatch(/Company name must not be empty/);
  });

  it('leaves a malformed body to Keystatic', async () => {
    expect(await checkSave(config, null)).toBeUndefined();
    expect(await checkSave(config, { additions: 'all' })).toBeUndefined();
  });

  it('refuses to write or delete any file but an entry’s and its artwork', async () => {
    // Keystatic itself accepts a path that begins like a singleton's or a collection's.
    for (const file of [
      'src/content/sitemap.mjs',
      'src/content/siteX/x.mjs',
      'src/content/case-studies/../../../etc/x.md',
    ]) {
      expect(await checkSave(config, save(file, 'export {}'), root)).toBe(
        `Not saved: ${file} is not an entry's file or its artwork, which is all the editor changes`,
      );
    }
    const deletion = { additions: [], deletions: [{ path: 'src/content.config.ts' }] };
    expect(await checkSave(config, deletion, root)).toMatch(
      /^Not saved: src\/content\.config\.ts is not an entry's file/,
    );
  });
});

describe('an uploaded artwork must be an SVG', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const withImage = (name: string, contents: Buffer) => ({
    additions: [
      { path: 'src/content/case-studies/stella.md', contents: encode(stella.replace('/image.svg', `/${name}`)) },
      { path: `src/assets/art/case-studies/stella/${name}`, contents: contents.toString('base64url') },
    ],
    deletions: [],
  });

  it('refuses a PNG, naming the field and the entry', async () => {
    expect(await checkSave(config, withImage('image.png', png), root)).toBe(
      `Not saved: "Artwork" must be an SVG file (a name ending in .svg), and image.png is not one (case study "${stellaTitle}")`,
    );
  });

  it('refuses a file named .svg that is not one', async () => {
    expect(await checkSave(config, withImage('image.svg', png), root)).toMatch(
      /^Not saved: "Artwork" must be an SVG file \(a name ending in \.svg\), and image\.svg is not one/,
    );
  });

  it('refuses an SVG with a script, which would run on the page that draws it inline', async () => {
    const scripted = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" onclick="alert(1)"/></svg>',
    );
    expect(await checkSave(config, withImage('image.svg', scripted), root)).toBe(
      `Not saved: "Artwork" must be a drawing only, and image.svg holds a script (a <script>, an "on…" attribute or a javascript: link) (case study "${stellaTitle}")`,
    );
    expect(await checkSave(config, withImage('image.svg', Buffer.from('<svg><rect></svg>')), root)).toMatch(
      /^Not saved: "Artwork" must be a well-formed SVG file, and image\.svg cannot be read as one/,
    );
  });

  it('refuses an entry naming a PNG with the build’s own rule, and passes a real SVG', async () => {
    const named = stella.replace('/image.svg', '/image.png');
    expect(await checkSave(config, save('src/content/case-studies/stella.md', named), root)).toBe(
      `Not saved: "Artwork" must be an SVG file (a name ending in .svg): the pages draw their artwork as SVG (case study "${stellaTitle}")`,
    );
    const svg = readFileSync(path.join(root, 'src/assets/art/case-studies/stella/image.svg'));
    expect(await checkSave(config, withImage('image.svg', svg), root)).toBeUndefined();
  });
});

describe('a save is checked with the build’s own schema, rules across fields included', () => {
  it('refuses a case study revised before it was published', async () => {
    const revised = stella.replace(/^updated: .*$/m, 'updated: 2001-01-01');
    expect(await checkSave(config, save('src/content/case-studies/stella.md', revised), root)).toBe(
      `Not saved: "Last revised" must not be earlier than "Published" (case study "${stellaTitle}")`,
    );
  });

  it('refuses a CIE component with both a quote and a principle, in the editor’s words', async () => {
    const file = 'src/content/cie-components/command-center.json';
    const component = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    const both = { ...component, quote: 'A quote.', quoteAttribution: 'Someone', principle: 'Our line.' };
    expect(await checkSave(config, save(file, JSON.stringify(both)), root)).toBe(
      `Not saved: give either "Quote" with "Quote author", or "Principle" (CIE component "${component.title}")`,
    );
  });

  it('refuses a length the editor’s field allows but the build does not', async () => {
    const tenWeeks = JSON.stringify({ ...offer, durationWeeks: 10 });
    expect(await checkSave(config, save('src/content/offers/ai-advantage-lab.json', tenWeeks), root)).toBe(
      'Not saved: "Length in weeks" must be 8 or 12 (offer "AI Advantage Lab")',
    );
  });
});

describe('a Markdown body must hold no HTML, which the site would show as text', () => {
  const story = 'src/content/case-studies/stella.md';
  const withBody = (addition: string) => save(story, `${stella.trimEnd()}\n\n${addition}\n`);

  it('refuses HTML in a story, quoting it and saying what to do instead', async () => {
    expect(await checkSave(config, withBody('We cut waits by <b>40%</b>.<br>'), root)).toBe(
      `Not saved: "Story" holds HTML (<b>, </b>, <br>), which the site would show as text, tags and all. ` +
        `Remove the tags and format the text with the editor's toolbar (bold, italic, headings, lists, links) instead (case study "${stellaTitle}")`,
    );
  });

  it('refuses a block of HTML or a comment, and shortens a long one', async () => {
    const block = '<div class="callout" style="border: 1px solid #4b2bb3">A highlighted finding</div>';
    expect(await checkSave(config, withBody(block), root)).toMatch(
      /^Not saved: "Story" holds HTML \(<div class="callout" style="border: 1px…\)/,
    );
    expect(await checkSave(config, withBody('<!-- check this figure -->'), root)).toMatch(
      /^Not saved: "Story" holds HTML \(<!-- check this figure -->\)/,
    );
  });

  it("names a legal page's body by its own label", async () => {
    const file = 'src/content/legal/terms-of-service.md';
    const terms = readFileSync(path.join(root, file), 'utf8');
    expect(await checkSave(config, save(file, `${terms}\n<u>Read this</u>\n`), root)).toMatch(
      /^Not saved: "Text" holds HTML \(<u>, <\/u>\)/,
    );
  });

  it('passes text that merely holds a "<", and what the editor writes for one', async () => {
    for (const text of [
      'Growth stayed < 5% for the year.',
      'Intake -> triage -> a person decides.',
      'Write \\<b> in the old system for bold.',
      'The export names it `<title>`.',
    ]) {
      expect(await checkSave(config, withBody(text), root), text).toBeUndefined();
    }
  });
});

describe('a Markdown body must pass the build’s checks: one the editor opens, not empty, legal tokens known', () => {
  const story = 'src/content/case-studies/stella.md';
  const withBody = (addition: string) => save(story, `${stella.trimEnd()}\n\n${addition}\n`);

  it('refuses what the editor could not open once written, quoting it and saying what to write instead', async () => {
    expect(await checkSave(config, withBody('Costs fell {roughly} by half.'), root)).toBe(
      'Not saved: "Story" holds “{roughly} by half.”, curly braces { }, which the editor reads as code. ' +
        `Write \\{ and \\} for braces shown as text, or leave them out (case study "${stellaTitle}")`,
    );
    expect(await checkSave(config, withBody('See <https://www.example.com/report>.'), root)).toMatch(
      /^Not saved: "Story" holds “<https:\/\/www\.example\.com\/report>\.”, a web or e-mail address in angle brackets/,
    );
    expect(await checkSave(config, withBody('Teams of <5 people.'), root)).toMatch(
      /^Not saved: "Story" holds “<5 people\.”, a "<" right before a letter, digit or sign/,
    );
  });

  it('refuses an empty story', async () => {
    const empty = stella.slice(0, stella.indexOf('## Challenge'));
    expect(await checkSave(config, save(story, empty), root)).toBe(
      `Not saved: "Story" is empty: write the text the page shows (case study "${stellaTitle}")`,
    );
  });

  it('refuses a legal text whose token the page does not know, or whose passage is not closed', async () => {
    const file = 'src/content/legal/privacy-policy.md';
    const policy = readFileSync(path.join(root, file), 'utf8');
    expect(await checkSave(config, save(file, policy.replace('%contact email%', '%email%')), root)).toMatch(
      /^Not saved: "Text": "%email%" is not one the page knows, so it would show as written\. Write one of: "%contact email%"/,
    );
    expect(await checkSave(config, save(file, policy.replace('%end if%', '')), root)).toMatch(
      /^Not saved: "Text": "%if analytics%" opens a passage while the one "%if analytics%" opened earlier is not closed/,
    );
  });
});

describe('the legal texts stay the pages the site serves', () => {
  const privacy = 'src/content/legal/privacy-policy.md';
  const policy = readFileSync(path.join(root, privacy), 'utf8');
  const refusal = (title: string) =>
    "Not saved: the legal pages stay at /privacy-policy and /terms-of-service, where every page's footer links to them: " +
    `change their text, but add, rename or delete none (legal page "${title}")`;

  it('passes a change to their text', async () => {
    const changed = policy.replace('We have tried to write it in plain language.', 'It is written in plain language.');
    expect(changed).not.toBe(policy);
    expect(await checkSave(config, save(privacy, changed), root)).toBeUndefined();
  });

  it('refuses renaming one, which left /privacy-policy failing and the sitemap naming a missing page', async () => {
    const renamed = {
      additions: [{ path: 'src/content/legal/privacy.md', contents: encode(policy) }],
      deletions: [{ path: privacy }],
    };
    expect(await checkSave(config, renamed, root)).toBe(refusal('Privacy Policy'));
  });

  it('refuses adding one, which no page would show, and deleting one', async () => {
    const cookies = policy.replace(/^title: .*$/m, 'title: Cookie Policy');
    expect(await checkSave(config, save('src/content/legal/cookie-policy.md', cookies), root)).toBe(
      refusal('Cookie Policy'),
    );
    expect(await checkSave(config, { additions: [], deletions: [{ path: privacy }] }, root)).toBe(
      refusal('Privacy Policy'),
    );
  });

  it('knows each page the site serves a legal text on', () => {
    for (const name of LEGAL_TEXTS) {
      expect(readFileSync(path.join(root, `src/pages/${name}.astro`), 'utf8')).toContain(
        `<LegalLayout id="${name}" />`,
      );
    }
  });
});

describe('references between entries, as the content will be after the save', () => {
  const program = 'src/content/programs/opportunity-mapping.json';
  const programTitle = JSON.parse(readFileSync(path.join(root, program), 'utf8')).title;
  const refusal = `Not saved: program "${programTitle}" names this offer under "Offer" (${program}), so it cannot be deleted or change its address while it does (offer "AI Advantage Lab")`;

  it('refuses renaming an offer a program names', async () => {
    const renamed = {
      additions: [{ path: 'src/content/offers/ai-lab.json', contents: encode(JSON.stringify(offer)) }],
      deletions: [{ path: 'src/content/offers/ai-advantage-lab.json' }],
    };
    expect(await checkSave(config, renamed, root)).toBe(refusal);
  });

  it('refuses deleting it', async () => {
    const deleted = { additions: [], deletions: [{ path: 'src/content/offers/ai-advantage-lab.json' }] };
    expect(await checkSave(config, deleted, root)).toBe(refusal);
  });

  it('refuses a program naming an offer that does not exist', async () => {
    const data = JSON.parse(readFileSync(path.join(root, program), 'utf8'));
    expect(await checkSave(config, save(program, JSON.stringify({ ...data, offer: 'ai-lab' })), root)).toBe(
      `Not saved: "Offer" names offer "ai-lab", which does not exist (program "${programTitle}")`,
    );
  });

  it('passes renaming an entry nothing names, and a reference to an entry the working copy has', async () => {
    const renamed = {
      additions: [{ path: 'src/content/case-studies/stella-platform.md', contents: encode(stella) }],
      deletions: [{ path: 'src/content/case-studies/stella.md' }],
    };
    expect(await checkSave(config, renamed, root)).toBeUndefined();
    const data = JSON.parse(readFileSync(path.join(root, program), 'utf8'));
    expect(await checkSave(config, save(program, JSON.stringify(data)), root)).toBeUndefined();
  });

  it('reads the working copy it is given: an offer added there may be named', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'humanwise-check-save-'));
    try {
      cpSync(path.join(root, 'src/content'), path.join(copy, 'src/content'), { recursive: true });
      writeFileSync(path.join(copy, 'src/content/offers/ai-lab.json'), JSON.stringify(offer));
      const data = JSON.parse(readFileSync(path.join(root, program), 'utf8'));
      const toNew = save(program, JSON.stringify({ ...data, offer: 'ai-lab' }));
      expect(await checkSave(config, toNew, copy)).toBeUndefined();
      expect(await checkSave(config, toNew, root)).toMatch(/which does not exist/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
