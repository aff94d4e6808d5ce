/**
 * Asks `check` every `intervalMs` (after each answer, so checks never overlap) until it answers
 * something truthy, and resolves with that answer, or with `undefined` once `timeoutMs` has passed.
 * The one polling loop of the code that runs outside Vitest (the reliability suite, its bench and
 * the browser tests' support); Vitest's tests use `expect.poll` and `vi.waitFor` instead.
 */
export async function pollUntil<T>(
  check: () => T | Promise<T>,
  { timeoutMs, intervalMs = 50 }: { timeoutMs: number; intervalMs?: number },
): Promise<T | undefined> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer) return answer;
    if (performance.now() >= deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
