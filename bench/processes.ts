/**
 * The servers the benchmark starts for itself: on free loopback ports, stopped by their own pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on right now (the OS picks it; we release it at once for the child). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Child {
  name: string;
  process: ChildProcess;
  /** Everything the child wrote, so a failure can show why. */
  output: () => string;
  exited: () => boolean;
  stop: () => Promise<void>;
}

/** Starts a Node script with the same Node as ours (Node 24 runs the TypeScript directly). */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Child {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => {
    exited = true;
  });
  return {
    name,
    process: child,
    output: () => output,
    exited: () => exited,
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
