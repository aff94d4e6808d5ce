import { getPriority, setPriority } from 'node:os';

/**
 * The niceness of a timed scenario's processes: the harness (whose clock times the answers) and the
 * servers it starts. CI runs this suite beside the browser tests and Vitest on two cores; at the
 * usual priority a server's answer to /api/pov, due 5 s after the feed went silent, once came at
 * 6.04 s against the 6 s bound, while a page load beside it took a second (12-35 ms on a quiet
 * machine). Their own work is small, so giving it the processor first costs the rest little.
 */
export const TIMED_NICENESS = -10;

/**
 * Raises this process's scheduling priority to TIMED_NICENESS; returns how to put it back, or null
 * where raising it is not permitted (only root may), and the scenario runs at the usual priority.
 */
export function raiseOwnPriority(): (() => void) | null {
  const before = getPriority();
  try {
    setPriority(TIMED_NICENESS);
  } catch {
    return null;
  }
  return () => setPriority(before);
}
