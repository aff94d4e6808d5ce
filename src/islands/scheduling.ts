/**
 * When island code runs, for the islands and their client directives alike: work that need not
 * delay the frame a visitor is waiting for.
 */

/**
 * Runs `task` once the browser is idle (within 2 s at the latest), or in the next task where there
 * is no requestIdleCallback; returns how to cancel it.
 */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task);
  return () => clearTimeout(id);
}

/**
 * Runs `task` right after the next frame is painted: rAF runs just before that frame, and a task
 * queued from it runs after.
 */
export function afterNextFrame(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task));
}
