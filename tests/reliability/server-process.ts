/**
 * Starts the real production server (`src/server/launch.mjs`, the file `npm run serve` runs) as a
 * child process on a free loopback port, and lets a scenario stop it gently (SIGTERM) or kill it
 * (SIGKILL) and read its memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.ts';
import { childEnv } from '../support/child-env.ts';
import { pollUntil } from '../support/poll.ts';
import { send } from './http-client.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/server/launch.mjs', import.meta.url));

export interface ServerOptions {
  /** Store variables: SQLITE_PATH or DATABASE_URL. */
  storeEnv: Record<string, string>;
  feedUrl: string;
  /** Default 0 (off); the rate-limit scenario sets its own. */
  rateLimit?: number;
  /** Same port again after a restart; otherwise a free one. */
  port?: number;
  extraEnv?: Record<string, string>;
  /** A scheduling priority for a timed scenario (tests/reliability/priority.ts); ignored where not permitted. */
  niceness?: number;
}

export interface RunningServer {
  pid: number;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the server wrote (pino JSON lines at LOG_LEVEL, plus anything on stderr). */
  output(): string;
  /** The same, a line each: its JSON object, or `{ unparsable: line }` for a line that is not JSON. */
  logEntries(): Record<string, unknown>[];
  /** Resident memory in KiB, from /proc/<pid>/status. */
  rssKiB(): number;
  kill(signal: NodeJS.Signals): void;
  /** Whether the process has not exited yet (by any means). */
  running(): boolean;
  /**
   * Why the process ended when nobody here signalled it (its exit code or signal and the tail of
   * its output), or undefined while it runs or after `kill`/`stop`: a server that dies mid-scenario
   * otherwise shows only as refused connections.
   */
  exitedOnItsOwn(): string | undefined;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** The server exited at start because its port was taken (src/server/main.ts's message). */
class PortTakenError extends Error {}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  // A free port can be taken by another process before the child binds it (see `listensOn`):
  // a port the harness chose is chosen again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options, options.port ?? (await freePort()));
    } catch (error) {
      if (!(error instanceof PortTakenError) || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

async function startOnce(options: ServerOptions, port: number): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...childEnv(),
    HOME: process.env.HOME,
    TZ: 'UTC',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WAITLIST_RATE_LIMIT: String(options.rateLimit ?? 0),
    POV_FEED_URL: options.feedUrl,
    // The fault-injecting feed host runs on loopback, which the feed reader refuses otherwise.
    POV_FEED_ALLOW_PRIVATE: '1',
    ...options.storeEnv,
    ...options.extraEnv,
  };
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Set at once, before Node has started its threads, so that they inherit it.
  if (options.niceness !== undefined && child.pid) {
    try {
      setPriority(child.pid, options.niceness);
    } catch {
      // Not permitted (not root): the server runs at the usual priority.
    }
  }
  let output = '';
  const keep = (chunk: Buffer) => {
    // Keep the tail only: a long run must not grow the harness's own memory without bound.
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  let signalled = false;
  const server: RunningServer = {
    pid: child.pid ?? -1,
    port,
    url,
    child,
    exited,
    output: () => output,
    logEntries: () =>
      output
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return { unparsable: line };
          }
        }),
    rssKiB: () => {
      if (!running()) {
        throw new Error(
          `the server (pid ${child.pid}) has exited (${child.exitCode ?? child.signalCode}): ${output.slice(-1500)}`,
        );
      }
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
      if (!match) throw new Error(`no VmRSS for pid ${child.pid}`);
      return Number(match[1]);
    },
    kill: (signal) => {
      signalled = true;
      if (running()) child.kill(signal);
    },
    running,
    exitedOnItsOwn: () => {
      if (signalled || running()) return undefined;
      const how = child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;
      return `pid ${child.pid} ended with ${how}; its last output: ${output.slice(-1500) || '(none)'}`;
    },
    stop: async (graceMs = 12_000) => {
      signalled = true;
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };

  // Ready when /healthz says ok; give up after 60 s (a busy 2-core machine starts slowly) or as soon as the process dies.
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  // The last answer is kept for the error: a start that once ran out of time on a loaded CI machine
  // left no output to say whether the process had hung, never listened or answered too slowly.
  let lastAnswer = 'none';
  const settled = await pollUntil(
    async () => {
      if (dead) return true;
      const answer = await send(url, { path: '/healthz', timeoutMs: 1000 });
      lastAnswer = answer.status ? `${answer.status} in ${Math.round(answer.ms)} ms` : (answer.error ?? 'no answer');
      // The answer must be this child's: freePort releases the port before the child binds it, and
      // on a busy machine another process (the other store's run, a browser test's server) can take
      // it in between; this child then exits with EADDRINUSE while that one answers for it, until
      // it stops mid-scenario (a CI run's refused connections, 28 November 2026).
      return answer.status === 200 && child.pid !== undefined && listensOn(child.pid, port);
    },
    { timeoutMs: 60_000 },
  );
  if (settled && !dead) return server;
  server.kill('SIGKILL');
  const failure = dead && output.includes('is in use by another process') ? PortTakenError : Error;
  throw new failure(
    `the server did not become healthy on ${url} (${dead ? 'it exited' : `still running; last /healthz: ${lastAnswer}`}): ${output.slice(-1500)}`,
  );
}

/**
 * Whether process `pid` itself holds the socket listening on `port` (Linux's /proc: the
 * namespace's listening TCP sockets, then the process's own descriptors).
 */
function listensOn(pid: number, port: number): boolean {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  try {
    for (const table of ['tcp', 'tcp6']) {
      for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
        // sl, local_address, rem_address, st (0A: listening), ..., inode (the tenth field)
        const fields = line.trim().split(/\s+/);
        if (fields[3] === '0A' && fields[1]?.endsWith(portHex) && fields[9]) inodes.add(fields[9]);
      }
    }
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false; // closed since the listing
      }
    });
  } catch {
    return false; // the process has gone
  }
}
