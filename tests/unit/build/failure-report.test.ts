/**
 * `npm run build` with a broken content file ends in plain words, the file, the entry, the field by
 * the editor's label and what to do, where it printed Node's crash dump of the error, stack frames
 * and Astro's internals included (src/build/failure-report.ts). Each case copies the project,
 * breaks one file there and runs the build script itself, as a person or the editor's publishing does.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject } from '../../support/project-copy.ts';
import { runScript } from '../../support/run-script.ts';
import { BUILD_STOPPED, parseBuildFailure } from '../../../src/lib/content/build-failure.ts';

const copies: string[] = [];

function copyOfProject(): string {
  const dir = copyProject('humanwise-build-failure-', ['src', 'public', 'tsconfig.json', 'package.json']);
  copies.push(dir);
  return dir;
}

function edit(dir: string, file: string, change: (text: string) => string) {
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
}

/**
 * `node src/build/build.ts` in the copy, on the project's Node (the runner's own), as `npm run build`
 * runs it: its exit code and all it printed.
 */
async function build(dir: string): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runScript('src/build/build.ts', ['--out-dir', 'dist.test'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 10 * 1024 * 1024,
  });
  return { code, output: `${stdout}\n${stderr}` };
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

const STELLA = 'case study “A Life-Planning Platform That Starts With the Person, Not the Policy”';

describe.concurrent('a build stopped by a content file', { timeout: 120_000 }, () => {
  it('ends with the file, the entry, the field and what is wrong, and prints no stack', async () => {
    const dir = copyOfProject();
    edit(dir, 'src/content/case-studies/stella.md', (text) =>
      text.replace(
        /^seo:\n {2}title: .*$/m,
        `seo:\n  title: "${'A title far longer than a search result shows '.repeat(2)}"`,
      ),
    );
    const { code, output } = await build(dir);
    expect(code).toBe(1);
    expect(output).not.toMatch(/^\s+at |triggerUncaughtException|Node\.js v\d/m);
    expect(output.trimEnd().split('\n').slice(-3)).toEqual([
      `Nothing was built: ${STELLA} (src/content/case-studies/stella.md) needs a correction.`,
      '  Search and sharing › Search title: Too long: at most 70 characters.',
      'Correct it in that file (or in the editor) and build again; the site as it was stays as it was.',
    ]);
    // The publisher reads the same output into the same words.
    expect(parseBuildFailure(output, dir)).toMatchObject({
      file: 'src/content/case-studies/stella.md',
      problems: [{ field: 'seo.title', message: 'Too long: at most 70 characters.' }],
    });
  });

  it('names a story the editor cannot open, with its line', async () => {
    const dir = copyOfProject();
    edit(dir, 'src/content/case-studies/stella.md', (text) =>
      text.replace('\n## Approach', '\nCosts fell {roughly}.\n\n## Approach'),
    );
    const { code, output } = await build(dir);
    expect(code).toBe(1);
    expect(output).toContain(BUILD_STOPPED);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).toMatch(
      /\n {2}Story: line \d+: “\{roughly\}\.”: curly braces \{ \}, which the editor reads as code\. Write \\\{ and \\\} for braces shown as text, or leave them out\.\n/,
    );
  });
});
