/**
 * Publishing in `local` mode: a change saved in the editor goes live by itself. After each save the
 * site is rebuilt in the background, beside the live build (`dist.next`); only a build that succeeds
 * replaces it (`dist` -> `dist.previous`, `dist.next` -> `dist`, then the server loads it). One build
 * runs at a time. A save in a build's first SUPERSEDE_WITHIN_MS stops it and starts one that sees
 * both saves (publishing the older one first would only delay the newer); a later save makes one
 * more build after it, which sees every save made meanwhile. A failed build leaves the live site
 * exactly as it was, and its reason is kept for the publishing status page and /healthz: the entry
 * and the field in the editor's words (src/lib/content/build-failure.ts), and the build's own words
 * for the operator (without the server's folder; the server log has its whole output).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  type BuildProblem,
  contentFilesIn,
  explainFailureAt,
  type ParsedFailure,
  parseBuildFailure,
  withoutFolders,
} from '../../lib/content/build-failure.ts';

export interface BuildOutcome {
  ok: boolean;
  /** The build's output, for a failed build's reason. */
  output: string;
}

export interface PublishResult {
  outcome: 'published' | 'failed';
  startedAt: string;
  finishedAt: string;
  /** For a failed build: the build's words (the error part of its output, no folder paths), and the content files it named. */
  reason?: string;
  files?: string[];
  /** For a failed build: the entry, the fields and what is wrong with them, in the editor's words. */
  problem?: BuildProblem;
}

export interface PublisherOptions {
  root: string;
  /**
   * Builds into `outDir` (relative to root), and stops when `signal` aborts (a newer save
   * supersedes it). Default: `src/build/build.ts --out-dir` in a child process.
   */
  build?: (outDir: string, signal: AbortSignal) => Promise<BuildOutcome>;
  /** A save this soon after a build started stops that build (default SUPERSEDE_WITHIN_MS). */
  supersedeWithinMs?: number;
  /** Starts serving the build now in `dist` (throws when it cannot be loaded). */
  load: () => Promise<void>;
  log: (event: Record<string, unknown>, message: string) => void;
}

const NEXT_DIR = 'dist.next';
const LIVE_DIR = 'dist';
const PREVIOUS_DIR = 'dist.previous';
const HISTORY = 10;
/**
 * A build is superseded only in its first half minute: by then a second save is usually the same
 * editing session (the next field, the next item), and a build further along is let finish so
 * that an editor who keeps saving still sees changes go live.
 */
const SUPERSEDE_WITHIN_MS = 30_000;

/**
 * Colour codes out, and only the part of a failed build's output that says what went wrong, with
 * the paths of `root` (the server's folder) relative to it; and the content files it names. `parsed`
 * is the output already read (parseBuildFailure), when the caller has it.
 */
export function failureReason(
  output: string,
  root = '',
  parsed: ParsedFailure = parseBuildFailure(output, root),
): { reason: string; files: string[] } {
  return { reason: parsed.log, files: contentFilesIn(stripVTControlCharacters(output)) };
}

/** `node src/build/build.ts --out-dir DIR`, with this server's Node and environment. */
export function buildInChildProcess(root: string) {
  return (outDir: string, signal: AbortSignal) =>
    new Promise<BuildOutcome>((resolve) => {
      // The build runs in this child process (Astro's build() in-process), so killing it stops it all.
      const child = spawn(process.execPath, [path.join(root, 'src/build/build.ts'), '--out-dir', outDir], {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
        signal,
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        // The end of the output is what says why a build failed; keep the last 64 KB.
        output = (output + chunk.toString('utf8')).slice(-65_536);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      // Stopped (an AbortError): 'close' follows once it has exited, so nothing of it is still writing
      // to outDir when the next build starts there.
      child.on('error', (error) => {
        if (!signal.aborted) resolve({ ok: false, output: `${output}\n${String(error)}` });
      });
      child.on('close', (code) => resolve({ ok: code === 0, output }));
    });
}

export function createPublisher(options: PublisherOptions) {
  const { root, load, log, supersedeWithinMs = SUPERSEDE_WITHIN_MS } = options;
  const build = options.build ?? buildInChildProcess(root);
  const at = (dir: string) => path.join(root, dir);
  let running: Promise<void> | undefined;
  let pending = false;
  /** When the publish under way started (its build, then the swap), for its result and the status. */
  let startedAt: string | undefined;
  /** Stops the build running now; unset between builds. */
  let stopBuild: AbortController | undefined;
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
    stopBuild = new AbortController();
    const { signal } = stopBuild;
    const outcome = await build(NEXT_DIR, signal).finally(() => {
      stopBuild = undefined;
    });
    if (signal.aborted) {
      // Superseded: the build after it (queued by the save that stopped it) publishes both saves.
      await rm(at(NEXT_DIR), { recursive: true, force: true });
      startedAt = undefined;
      log({ event: 'publish superseded' }, 'publishing: build stopped for a newer save');
      return;
    }
    let result: PublishResult;
    /** A failed build's whole output (its last part), for the server log only: the operator's. */
    let failedOutput: string | undefined;
    if (outcome.ok) {
      try {
        await swapIn();
        result = { outcome: 'published', startedAt, finishedAt: new Date().toISOString() };
      } catch (error) {
        result = {
          outcome: 'failed',
          startedAt,
          finishedAt: new Date().toISOString(),
          reason: `The new build could not be loaded: ${withoutFolders(String(error), root)}`,
          files: [],
        };
      }
    } else {
      // Explaining it must never cost the result: without it, the page still has the build's words.
      const parsed = parseBuildFailure(outcome.output, root);
      const problem = await explainFailureAt(root, parsed).catch(() => undefined);
      result = {
        outcome: 'failed',
        startedAt,
        finishedAt: new Date().toISOString(),
        ...failureReason(outcome.output, root, parsed),
        ...(problem ? { problem } : {}),
      };
      failedOutput = outcome.output;
      await rm(at(NEXT_DIR), { recursive: true, force: true });
    }
    history.unshift(result);
    history.length = Math.min(history.length, HISTORY);
    startedAt = undefined;
    if (result.outcome === 'published') log({ event: 'published' }, 'publishing: the new build is live');
    else {
      log(
        {
          event: 'publish failed',
          files: result.files,
          reason: result.reason,
          ...(failedOutput ? { output: stripVTControlCharacters(failedOutput).slice(-16_384) } : {}),
        },
        'publishing: build failed',
      );
    }
  }

  async function loop(): Promise<void> {
    do {
      pending = false;
      await runOnce().catch((error: unknown) => log({ err: error }, 'publishing: unexpected failure'));
    } while (pending);
    running = undefined;
  }

  return {
    /** A change was saved: build now, or instead of the build that has just started, or once more after it. */
    requestPublish(): void {
      if (running) {
        pending = true;
        if (stopBuild && startedAt && Date.now() - Date.parse(startedAt) < supersedeWithinMs) stopBuild.abort();
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
