/**
 * The environment of a command or server a test starts, when the test must control every setting:
 * PATH only (nothing from the machine's own environment leaks in), plus `extra`, plus CI's compile
 * cache when there is one (.ci/run sets NODE_COMPILE_CACHE: a child then starts in about a third
 * of the time, and it changes nothing the child does).
 */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const cache = process.env.NODE_COMPILE_CACHE;
  return { PATH: process.env.PATH ?? '', ...(cache ? { NODE_COMPILE_CACHE: cache } : {}), ...extra };
}
