/**
 * The in-page clock every tap in the bench is timed with: from the tap's pointerdown to the end of
 * the first frame in which `shown` (a selector) matches. Run inside the page (passed to
 * `page.evaluate`, so it must not use anything from this module's scope); it resolves
 * `window.benchTapResult`.
 *
 * Each frame is checked in a requestAnimationFrame callback, which runs as the frame begins; once
 * the result is there, a task posted from that callback at the scheduler's highest priority runs
 * as soon as the frame's main-thread work (style, layout, paint, commit) is done, ahead of the
 * page's own queued tasks, and that is the time taken. Not the callback's own timestamp: that is
 * the frame's vsync, which Chrome fixes when it schedules the frame, before a long task blocking
 * the main thread has ended. On a program page's first tap on Join it read 85 ms before the frame
 * was done (docs/history/performance.md, "The frame clock").
 */
export function watchTapResult(shown: string): void {
  const target = window as Window & { benchTapResult?: Promise<number> };
  target.benchTapResult = new Promise<number>((resolve) => {
    addEventListener(
      'pointerdown',
      (event) => {
        const frame = () => {
          if (!document.querySelector(shown)) {
            requestAnimationFrame(frame);
            return;
          }
          const done = () => resolve(performance.now() - event.timeStamp);
          const { scheduler } = window as Window & {
            scheduler?: { postTask: (task: () => void, options: { priority: 'user-blocking' }) => Promise<void> };
          };
          if (scheduler) void scheduler.postTask(done, { priority: 'user-blocking' });
          else setTimeout(done);
        };
        requestAnimationFrame(frame);
      },
      { capture: true, once: true },
    );
  });
}

/** What `watchTapResult` resolved, in whole milliseconds (also passed to `page.evaluate`). */
export const tapResult = (): Promise<number> =>
  (window as Window & { benchTapResult?: Promise<number> }).benchTapResult!.then(Math.round);
