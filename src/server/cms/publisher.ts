/**
 * Publishing in `local` mode: a change saved in the editor goes live by itself. After each save the
 * site is rebuilt in the background, beside the live build (`dist.next`); only a build that succeeds
 * replaces it (`dist` -> `dist.previous`, `dist.next` -> `dist`, then the server loads it). One build
 * runs at a time; saves during a build make one more build after it, which sees them all. A failed
 * build leaves the live site exactly as it was, and its reason (the file and the field, in Astro's
 * words) is kept for the publishing status page and /healthz.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface BuildOutcome {
  ok: boolean;
  /** The build's output, for a failed build's reason. */
  output: string;
}

export interface PublishResult {
  outcome: 'published' | 'failed';
  startedAt: string;
  finishedAt: string;
  /** For a failed build: what Astro said was wrong, and the content files it named. */
  reason?: string;
  files?: string[];
}

export interface PublisherOptions {
  root: string;
  /** Builds into `outDir` (relative to root). Default: `npm run build -- --out-dir` in a child process. */
  build?: (outDir: string) => Promise<BuildOutcome>;
  /** Starts serving the build now in `dist` (throws when it cannot be loaded). */
  load: () => Promise<void>;
  log: (event: Record<string, unknown>, message: string) => void;
}

const NEXT_DIR = 'dist.next';
const LIVE_DIR = 'dist';
const PREVIOUS_DIR = 'dist.previous';
const HISTORY = 10;

/** Colour codes out, and only the part of a failed build's output that says what went wrong. */
export function failureReason(output: string): { reason: string; files: string[] } {
  const lines = stripVTControlCharacters(output).split('\n');
  const first = lines.findIndex((line) => /error|does not match|failed/i.test(line));
  const block = (first === -1 ? lines.slice(-20) : lines.slice(first, first + 20))
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s+at\s/.test(line));
  const files = [...new Set(output.match(/src\/content\/[\w./-]+\.(?:json|md|mdx)/g) ?? [])];
  return { reason: block.join('\n').slice(0, 4000), files };
}

/** `node src/build/build.ts --out-dir DIR`, with this server's Node and environment. */
function buildInChildProcess(root: string) {
  return (outDir: string) =>
    new Promise<BuildOutcome>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'src/build/build.ts'), '--out-dir', outDir], {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        // The end of the output is what says why a build failed; keep the last 64 KB.
        output = (output + chunk.toString('utf8')).slice(-65_536);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => resolve({ ok: false, output: `${output}\n${String(error)}` }));
      child.on('close', (code) => resolve({ ok: code === 0, output }));
    });
}

export function createPublisher(options: PublisherOptions) {
  const { root, load, log } = options;
  const build = options.build ?? buildInChildProcess(root);
  const at = (dir: string) => path.join(root, dir);
  let running: Promise<void> | undefined;
  let pending = false;
  let startedAt: string | undefined;
  const history: PublishResult[] = [];

  async function swapIn(): Promise<void> {
    await rm(at(PREVIOUS_DIR), { recursive: true, force: true });
    if (existsSync(at(LIVE_DIR))) await rename(at(LIVE_DIR), at(PREVIOUS_DIR));
    await rename(at(NEXT_DIR), at(LIVE_DIR));
    try {
      await load();
    } catch (error) {
      // The new build cannot be served: put the previous one back where it was, still live.
      await rename(at(LIVE_DIR), at(NEXT_DIR));
      if (existsSync(at(PREVIOUS_DIR))) await rename(at(PREVIOUS_DIR), at(LIVE_DIR));
      throw error;
    }
  }

  async function runOnce(): Promise<void> {
    startedAt = new Date().toISOString();
    log({ event: 'publish started' }, 'publishing: build started');
    await rm(at(NEXT_DIR), { recursive: true, force: true });
    const outcome = await build(NEXT_DIR);
    let result: PublishResult;
    if (outcome.ok) {
      try {
        await swapIn();
        result = { outcome: 'published', startedAt, finishedAt: new Date().toISOString() };
      } catch (error) {
        result = {
          outcome: 'failed',
          startedAt,
          finishedAt: new Date().toISOString(),
          reason: `The new build could not be loaded: ${String(error)}`,
          files: [],
        };
      }
    } else {
      result = { outcome: 'failed', startedAt, finishedAt: new Date().toISOString(), ...failureReason(outcome.output) };
      await rm(at(NEXT_DIR), { recursive: true, force: true });
    }
    history.unshift(result);
    history.length = Math.min(history.length, HISTORY);
    startedAt = undefined;
    if (result.outcome === 'published') log({ event: 'published' }, 'publishing: the new build is live');
    else log({ event: 'publish failed', files: result.files, reason: result.reason }, 'publishing: build failed');
  }

  async function loop(): Promise<void> {
    do {
      pending = false;
      await runOnce().catch((error: unknown) => log({ err: error }, 'publishing: unexpected failure'));
    } while (pending);
    running = undefined;
  }

  return {
    /** A change was saved: build now, or once more after the build that is running. */
    requestPublish(): void {
      if (running) {
        pending = true;
        return;
      }
      running = loop();
    },

    /** Resolves when no build runs or waits (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },

    status() {
      return {
        building: running !== undefined,
        queued: pending,
        ...(startedAt ? { buildStartedAt: startedAt } : {}),
        last: history[0],
        history: [...history],
      };
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
