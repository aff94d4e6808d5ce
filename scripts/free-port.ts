/**
 * A loopback port nothing listens on right now: checked free, then released at once for the child
 * process about to take it. Shared by the benchmark, the reliability suite and the tests.
 *
 * Chosen at random below the kernel's ephemeral range, not by the kernel (port 0): between the
 * release and the child's bind, a port in that range can go to any outgoing connection, and the
 * load scenarios open thousands of them (each holds its port for a minute in TIME_WAIT). On a busy
 * CI machine a server then failed to bind (EADDRINUSE), or another server answered in its place.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Below the ephemeral range (32768 on Linux by default) and above the fixed ports the tests use (43xx). */
const LOWEST = 20_000;

function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : 32_768;
  } catch {
    return 32_768; // not Linux: the default range's start
  }
}

function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

export async function freePort(): Promise<number> {
  const below = ephemeralLow();
  for (let attempt = 0; below - LOWEST > 1000 && attempt < 50; attempt += 1) {
    const port = await listenOnce(LOWEST + Math.floor(Math.random() * (below - LOWEST)));
    if (port) return port;
  }
  // A range moved down to ours (or 50 taken in a row): the kernel's choice, as before.
  const port = await listenOnce(0);
  if (!port) throw new Error('no free loopback port');
  return port;
}
