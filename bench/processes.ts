/**
 * The servers the benchmark starts for itself: on free loopback ports, stopped by their own pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child {
  name: string;
  process: ChildProcess;
  /** Everything the child wrote, so a failure can show why. */
  output: () => string;
  exited: () => boolean;
  /** How it ended, e.g. "signal SIGTERM" or "code 1"; empty while it runs. */
  exitStatus: () => string;
  stop: () => Promise<void>;
}

/** Starts a Node script with the same Node as ours (Node 24 runs the TypeScript directly). */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Child {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  let exitStatus = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    exited = true;
    exitStatus = signal ? `signal ${signal}` : `code ${code}`;
  });
  return {
    name,
    process: child,
    output: () => output,
    exited: () => exited,
    exitStatus: () => exitStatus,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        // The production server drains requests for up to 10 s; the bench need not wait that long.
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

/** Resolves once `url` answers 200; fails early if the child exits, or after `timeoutMs`. */
export async function waitUntilHealthy(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited()) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/**
 * A server the benchmark needs for its whole length. Other work on this shared machine has been
 * seen stopping it midway; `ensure` starts it again on the same port (a few times at most) so a
 * long run is not lost, and the restarts are reported.
 */
export function supervise(start: () => Child, healthUrl: string, maxRestarts = 3) {
  let current = start();
  const restarts: string[] = [];
  return {
    current: () => current,
    restarts,
    async ensure() {
      if (!current.exited()) return;
      if (restarts.length >= maxRestarts)
        throw new Error(
          `${current.name} stopped ${restarts.length + 1} times (last: ${current.exitStatus()}):\n${current.output()}`,
        );
      restarts.push(current.exitStatus());
      console.log(`${current.name} stopped (${current.exitStatus()}); starting it again`);
      current = start();
      await waitUntilHealthy(current, healthUrl);
    },
    ready: () => waitUntilHealthy(current, healthUrl),
    stop: () => current.stop(),
  };
}
