/**
 * The production server in CMS_MODE=local on a COPY of the project in a temp dir (its content, its
 * build, its own SQLite store), so the editor's saves and rebuilds never touch the working tree.
 * node_modules is shared through a symlink; Astro's and Vite's caches are moved into the copy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pollUntil } from './poll.ts';
import { copyProject } from './project-copy.ts';
import { runScript } from './run-script.ts';

const COPIED = ['src', 'public', 'keystatic.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

export interface CmsSite {
  dir: string;
  url: string;
  /** The server's output so far (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

export async function startCmsSite(port: number, password: string): Promise<CmsSite> {
  const dir = copyProject('humanwise-cms-', COPIED);
  const env = {
    ...process.env,
    CMS_MODE: 'local',
    CMS_PASSWORD: password,
    HOST: '127.0.0.1',
    PORT: String(port),
    SQLITE_PATH: path.join(dir, 'data/leads.sqlite'),
    LOG_LEVEL: 'info',
    NO_COLOR: '1',
  };
  // The project's pinned Node (the runner's own), as `npm run build` and `npm run serve` use it.
  const build = await runScript('src/build/build.ts', [], { cwd: dir, env, maxBuffer: 10 * 1024 * 1024 });
  if (build.code !== 0)
    throw new Error(`the CMS site's build failed (exit ${build.code}):\n${build.stdout}\n${build.stderr}`);
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['src/server/launch.mjs'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // Ready when /healthz answers; given up after 120 s, or as soon as the server stops.
  const settled = await pollUntil(
    async () =>
      server.exitCode !== null ||
      (await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )),
    { timeoutMs: 120_000, intervalMs: 250 },
  );
  if (server.exitCode !== null) throw new Error(`the CMS server stopped:\n${output}`);
  if (!settled) throw new Error(`the CMS server did not answer within 120 s:\n${output}`);
  return {
    dir,
    url,
    output: () => output,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
