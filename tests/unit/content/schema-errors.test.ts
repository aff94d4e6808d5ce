/**
 * A content file with a missing or wrong field must stop the build and say which file and which
 * field, so the marketing team can fix it alone; so must a Markdown body the site or the editor
 * cannot use (src/content/markdown-loader.ts), with its line. Each case copies the project to a temp
 * dir, breaks files there and runs `astro sync`, which loads and validates every collection.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../support/project-copy.ts';
import { runScript } from '../../support/run-script.ts';

const copies: string[] = [];

interface SyncResult {
  code: number;
  output: string;
}

/** A copy of the project (tests/support/project-copy.ts), removed after the file's tests. */
function copyOfProject(): string {
  const dir = copyProject('humanwise-schema-', ['src', 'tsconfig.json', 'package.json']);
  copies.push(dir);
  return dir;
}

function edit(dir: string, path: string, change: (text: string) => string) {
  const file = join(dir, path);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

function editJson(dir: string, path: string, change: (data: Record<string, unknown>) => void) {
  edit(dir, path, (text) => {
    const data = JSON.parse(text) as Record<string, unknown>;
    change(data);
    return JSON.stringify(data, null, 2);
  });
}

/**
 * `astro sync` in `dir`, by Astro's own script on the runner's Node (npx would add a process and
 * npm's start-up to each of these syncs, about half a second of CPU each).
 */
async function astroSync(dir: string): Promise<SyncResult> {
  const { code, stdout, stderr } = await runScript(join(dir, 'node_modules/astro/bin/astro.mjs'), ['sync'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 10 * 1024 * 1024,
  });
  // Strip colour codes in case a tool ignores NO_COLOR.
  return { code, output: `${stdout}\n${stderr}`.replace(/\u001b\[[0-9;]*m/g, '') };
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

// Each sync is a few seconds of CPU, so one broken copy holds every mistake that one error can
// report: Astro lists all of one entry's wrong fields, and the Markdown loader every entry's text
// problems in its collection. Mistakes in two collections stay in two copies: which collection
// stops the sync first is a race.
// Idle, a sync of one copy takes 8-21 s with the others beside it; beside CI's other suites on a
// slower machine of the same kind (7 December, night), two took over 60 s.
const SYNC_TIMEOUT_MS = 180_000;
describe.concurrent('content schema errors', { timeout: SYNC_TIMEOUT_MS }, () => {
  it('the unchanged content passes, so the failures below come from the broken fields', async () => {
    const { code, output } = await astroSync(copyOfProject());
    expect(output).not.toMatch(/InvalidContentEntryDataError/);
    expect(code).toBe(0);
  });

  it('a program without its tagline, or with a misspelt field, fails, naming the collection, the file and each field', async () => {
    const dir = copyOfProject();
    editJson(dir, 'src/content/programs/orchestration.json', (data) => {
      delete data.tagline;
      // Every schema is strict: a field the site does not read is a mistake, not an extra.
      data.sizeBnad = data.sizeBand;
      delete data.sizeBand;
    });
    const { code, output } = await astroSync(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/programs → orchestration data does not match collection schema/);
    expect(output).toContain('src/content/programs/orchestration.json');
    expect(output).toMatch(/tagline.*Required/);
    expect(output).toMatch(/sizeBnad/);
  });

  it('a case study with a category the site does not have, a date written another way and a PNG artwork fails, naming the file and each field', async () => {
    const dir = copyOfProject();
    writeFileSync(join(dir, 'src/assets/art/case-studies/cdp/image.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    edit(dir, 'src/content/case-studies/cdp.md', (text) =>
      text
        .replace(/^category: .*$/m, 'category: Banking')
        // Written as the editor never writes it, where it was read as another day.
        .replace(/^published: .*$/m, 'published: 10/02/2026')
        // An artwork a page cannot draw: it fails here, before a page would.
        .replace('/cdp/image.svg', '/cdp/image.png'),
    );
    const { code, output } = await astroSync(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/caseStudies → cdp data does not match collection schema/);
    expect(output).toContain('src/content/case-studies/cdp.md');
    expect(output).toMatch(/category: Invalid option: expected one of "Healthcare"/);
    expect(output).toMatch(/published: must be a date written as year-month-day, e\.g\. 2026-02-10/);
    expect(output).toMatch(/image: must be an SVG file/);
  });

  it('a site identity without a company name fails, naming the file and the field, before a page reads it', async () => {
    const dir = copyOfProject();
    editJson(dir, 'src/content/site.json', (data) => {
      data.companyName = ' ';
    });
    const { code, output } = await astroSync(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/siteIdentity → site data does not match collection schema/);
    expect(output).toContain('src/content/site.json');
    expect(output).toMatch(/companyName.*Too small/);
  });
});

describe.concurrent('content text errors: what a schema cannot see', { timeout: SYNC_TIMEOUT_MS }, () => {
  it('a story the editor cannot open and an empty one fail, naming each file, the body, the line and what to write instead', async () => {
    const dir = copyOfProject();
    edit(dir, 'src/content/case-studies/cdp.md', (text) =>
      text.replace('\n## ', '\n<!-- check the figures -->\n\n## '),
    );
    edit(dir, 'src/content/case-studies/stella.md', (text) => text.slice(0, text.indexOf('\n## ') + 1));
    const line =
      readFileSync(join(dir, 'src/content/case-studies/cdp.md'), 'utf8')
        .split('\n')
        .indexOf('<!-- check the figures -->') + 1;
    const { code, output } = await astroSync(dir);
    expect(code).not.toBe(0);
    expect(output).toContain('caseStudies → cdp text needs a correction (src/content/case-studies/cdp.md).');
    expect(output).toContain(
      `body: line ${line}: “<!-- check the figures -->”: an HTML comment (<!-- … -->), which the editor cannot open. Delete it`,
    );
    expect(output).toContain('caseStudies → stella text needs a correction (src/content/case-studies/stella.md).');
    expect(output).toContain('body: is empty: write the text the page shows');
  });

  it('a legal text with a passage left open fails, where the page would have shown its markers', async () => {
    const dir = copyOfProject();
    // The last passage's end marker goes: the passage stays open to the end of the text.
    edit(dir, 'src/content/legal/privacy-policy.md', (text) => {
      const end = text.lastIndexOf('%end if%');
      return text.slice(0, end) + text.slice(end + '%end if%'.length);
    });
    const { code, output } = await astroSync(dir);
    expect(code).not.toBe(0);
    expect(output).toContain('legal → privacy-policy text needs a correction (src/content/legal/privacy-policy.md).');
    expect(output).toMatch(/body: line \d+: "%if analytics%" opens a passage that no "%end if%" closes/);
  });

  it('a renamed privacy policy fails, where it built and then failed for every visitor', async () => {
    const dir = copyOfProject();
    renameSync(join(dir, 'src/content/legal/privacy-policy.md'), join(dir, 'src/content/legal/privacy.md'));
    const { code, output } = await astroSync(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(
      "src/content/legal/privacy-policy.md: privacy-policy.md is missing, and every page's footer links to /privacy-policy.",
    );
  });
});
