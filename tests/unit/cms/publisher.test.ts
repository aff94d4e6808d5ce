/**
 * The publisher's rules, with a stand-in build that writes a marker file (the browser test
 * tests/e2e/cms-editor.spec.ts runs real builds): one build at a time; a save soon after a build
 * started stops it for one that sees both; saves later in a build make exactly one more; a failed
 * build leaves the live build as it was and says which file failed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BuildOutcome,
  buildInChildProcess,
  createPublisher,
  failureReason,
} from '../../../src/server/cms/publisher.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'humanwise-publisher-'));
  roots.push(root);
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist/marker.txt'), 'build 0');
  return root;
}

const live = (root: string) => readFileSync(path.join(root, 'dist/marker.txt'), 'utf8');

/**
 * A stand-in build: each call waits at its gate for `release`, then writes its number (or fails).
 * `release` opens the gates in order, each once its build has reached it.
 */
function stagedBuilds(root: string, fail: (n: number) => boolean = () => false) {
  const calls: number[] = [];
  let running = 0;
  let maxRunning = 0;
  // The gate of build n, told to the test as soon as that build waits at it.
  const gates = new Map<number, PromiseWithResolvers<() => void>>();
  const gate = (n: number) => {
    const known = gates.get(n);
    if (known) return known;
    const made = Promise.withResolvers<() => void>();
    gates.set(n, made);
    return made;
  };
  let released = 0;
  const build = async (outDir: string): Promise<BuildOutcome> => {
    const n = calls.length + 1;
    calls.push(n);
    running += 1;
    maxRunning = Math.max(maxRunning, running);
    await new Promise<void>((open) => gate(n).resolve(open));
    running -= 1;
    if (fail(n)) {
      return {
        ok: false,
        output:
          '\u001b[31m[InvalidContentEntryDataError]\u001b[39m caseStudies → stella data does not match collection schema.\n' +
          '  title: Required\n  Location: /site/src/content/case-studies/stella.md:0:0\n    at syncData (node_modules/astro/x.js:1:1)\n',
      };
    }
    mkdirSync(path.join(root, outDir));
    writeFileSync(path.join(root, outDir, 'marker.txt'), `build ${n}`);
    return { ok: true, output: '' };
  };
  const release = async () => {
    released += 1;
    const open = await gate(released).promise;
    open();
  };
  return { build, calls, release, maxRunning: () => maxRunning };
}

describe('publishing in local mode', () => {
  it('builds after a save and swaps the new build in only when it succeeded', async () => {
    const root = project();
    const builds = stagedBuilds(root);
    let loads = 0;
    const publisher = createPublisher({ root, build: builds.build, load: async () => void loads++, log: () => {} });
    publisher.requestPublish();
    expect(publisher.status().building).toBe(true);
    expect(live(root)).toBe('build 0');
    await builds.release();
    await publisher.idle();
    expect(live(root)).toBe('build 1');
    expect(readFileSync(path.join(root, 'dist.previous/marker.txt'), 'utf8')).toBe('build 0');
    expect(loads).toBe(1);
    expect(publisher.status().last?.outcome).toBe('published');
  });

  it('a save in a build’s first half minute stops it; the build after it publishes both, once', async () => {
    const root = project();
    const started: number[] = [];
    const stopped: number[] = [];
    const finish = Promise.withResolvers<void>();
    // A stand-in build that runs until it is stopped, or (the second) until the test lets it finish.
    const build = async (outDir: string, signal: AbortSignal): Promise<BuildOutcome> => {
      const n = started.push(started.length + 1);
      const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      await Promise.race([aborted, n === 2 ? finish.promise : new Promise(() => {})]);
      if (signal.aborted) {
        stopped.push(n);
        return { ok: false, output: 'killed' };
      }
      mkdirSync(path.join(root, outDir));
      writeFileSync(path.join(root, outDir, 'marker.txt'), `build ${n}`);
      return { ok: true, output: '' };
    };
    const events: unknown[] = [];
    const publisher = createPublisher({ root, build, load: async () => {}, log: (event) => events.push(event) });
    publisher.requestPublish();
    await expect.poll(() => started).toEqual([1]);
    publisher.requestPublish();
    await expect.poll(() => started).toEqual([1, 2]);
    expect(stopped).toEqual([1]);
    expect(publisher.status()).toMatchObject({ building: true, queued: false });
    finish.resolve();
    await publisher.idle();
    expect(live(root)).toBe('build 2');
    // The stopped build is neither a failure nor a publish: one result, the build that saw both saves.
    expect(publisher.status().history).toEqual([expect.objectContaining({ outcome: 'published' })]);
    expect(events).toContainEqual({ event: 'publish superseded' });
  });

  it('a stopped build’s process has ended when its build resolves, so the next cannot meet it in dist.next', async () => {
    const root = project();
    // A stand-in src/build/build.ts that says it started, then never ends by itself.
    mkdirSync(path.join(root, 'src/build'), { recursive: true });
    writeFileSync(
      path.join(root, 'src/build/build.ts'),
      "import { writeFileSync } from 'node:fs';\nwriteFileSync('started', String(process.pid));\nsetInterval(() => {}, 1000);\n",
    );
    const controller = new AbortController();
    const outcome = buildInChildProcess(root)('dist.next', controller.signal);
    // The file exists, empty, before its pid is written: wait for the pid itself. Read empty, it
    // would be pid 0, and signal 0 to pid 0 asks after our own process group, which always exists.
    const startedFile = path.join(root, 'started');
    const startedPid = () => (existsSync(startedFile) ? Number(readFileSync(startedFile, 'utf8')) : 0);
    await expect.poll(startedPid).toBeGreaterThan(0);
    const pid = startedPid();
    controller.abort();
    expect(await outcome).toMatchObject({ ok: false });
    // Signal 0 only asks whether the process exists: it throws ESRCH once it has ended.
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });

  it('a build past its first half minute is let finish; saves during it make exactly one more, which sees them all', async () => {
    const root = project();
    const builds = stagedBuilds(root);
    const publisher = createPublisher({
      root,
      build: builds.build,
      load: async () => {},
      log: () => {},
      supersedeWithinMs: 0,
    });
    publisher.requestPublish();
    publisher.requestPublish();
    publisher.requestPublish();
    expect(publisher.status().queued).toBe(true);
    await builds.release();
    await builds.release();
    await publisher.idle();
    expect(builds.calls).toEqual([1, 2]);
    expect(builds.maxRunning()).toBe(1);
    expect(live(root)).toBe('build 2');
  });

  it('a failed build leaves the live build exactly as it was and names the file and the field', async () => {
    const root = project();
    const builds = stagedBuilds(root, (n) => n === 1);
    let loads = 0;
    const publisher = createPublisher({ root, build: builds.build, load: async () => void loads++, log: () => {} });
    publisher.requestPublish();
    await builds.release();
    await publisher.idle();
    expect(live(root)).toBe('build 0');
    expect(loads).toBe(0);
    const last = publisher.status().last;
    expect(last?.outcome).toBe('failed');
    expect(last?.files).toEqual(['src/content/case-studies/stella.md']);
    expect(last?.reason).toContain('caseStudies → stella data does not match collection schema.');
    expect(last?.reason).toContain('title: Required');
    expect(last?.reason).not.toContain('\u001b');
    expect(last?.reason).not.toContain('at syncData');
  });

  it('says a real failure in the editor’s words, keeps the build’s words without the folder, and logs the whole output', async () => {
    const root = project();
    const output = readFileSync(
      path.resolve(import.meta.dirname, '../../fixtures/build-failures/updated-before-published.log'),
      'utf8',
    ).replaceAll('/srv/humanwise-site', root);
    const events: Record<string, unknown>[] = [];
    const publisher = createPublisher({
      root,
      build: async () => ({ ok: false, output }),
      load: async () => {},
      log: (event) => events.push(event),
    });
    publisher.requestPublish();
    await publisher.idle();
    const last = publisher.status().last;
    expect(last?.problem).toEqual({
      file: 'src/content/case-studies/stella.md',
      // Not in this stand-in project: named by its file name.
      entry: { kind: 'case study', title: 'stella', editorPath: 'collection/caseStudies/item/stella' },
      problems: [
        { field: 'updated', label: 'Last revised', message: '“Last revised” must not be earlier than “Published”.' },
      ],
    });
    expect(last?.reason).toContain("file: 'src/content/case-studies/stella.md'");
    expect(last?.reason).not.toContain(root);
    // The server log, the operator's, has the output as the build printed it.
    expect(events).toContainEqual(expect.objectContaining({ event: 'publish failed', output }));
  });

  it('a build that cannot be loaded is put back: the previous one stays live', async () => {
    const root = project();
    const builds = stagedBuilds(root);
    const publisher = createPublisher({
      root,
      build: builds.build,
      load: async () => {
        throw new Error('entry.mjs did not load');
      },
      log: () => {},
    });
    publisher.requestPublish();
    await builds.release();
    await publisher.idle();
    expect(live(root)).toBe('build 0');
    expect(publisher.status().last).toMatchObject({ outcome: 'failed' });
    expect(publisher.status().last?.reason).toContain('entry.mjs did not load');
  });

  it('reads the reason out of a long build log', () => {
    const { reason, files } = failureReason(
      `${'building...\n'.repeat(500)}error: offers → ai-advantage-lab: taglin is not allowed\n  in src/content/offers/ai-advantage-lab.json`,
    );
    expect(reason.split('\n')[0]).toBe('error: offers → ai-advantage-lab: taglin is not allowed');
    expect(files).toEqual(['src/content/offers/ai-advantage-lab.json']);
  });
});
