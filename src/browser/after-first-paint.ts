/**
 * Runs `task` once the first contentful paint is on screen (in a task of its own, after that frame).
 * Waiting for the paint entry rather than for the load event or the next animation frame: on a fast
 * machine the load event fires before the first paint, and the first frame may not yet show content.
 * Browsers without paint timing fall back to the frame after the load event. A hidden tab paints
 * nothing, so what waits here starts when the tab is first shown.
 */
export function afterFirstContentfulPaint(task: () => void): void {
  const later = () => setTimeout(task);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      later();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // Called by the page script, which runs before the page's load event (src/browser/page-start.ts).
    addEventListener('load', () => requestAnimationFrame(later), { once: true });
  }
}
