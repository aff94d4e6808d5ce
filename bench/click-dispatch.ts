/**
 * A tap's click handling, read from a Chrome trace of it: what `npm run bench:ab -- --click`
 * compares instead of the time to the frame that shows the result.
 *
 * Why: on this kind of 2-core machine one tap's time spreads over 60-100 ms from run to run, so
 * medians of 11-21 taps cannot show a change of 5-10 ms in what the page does with the tap; the
 * click's own dispatch can (the wizard's Previous on step 2: 16.9 -> 6.3 ms traced, 72 / 64 ms and
 * p = 0.49 as whole taps; docs/history/performance.md, "The wizard's steps kept mounted"). The
 * dispatch holds the page's click and submit handlers, the microtasks they queue (Preact's render),
 * a dialog's opening, and the style and layout they force; not the frame after it, nor any
 * waiting. The sum of every main-thread task from the tap to the frame was tried first: at 4x CPU
 * it spread as widely as the taps' times (26-187 ms for one tap), since it holds the tap's whole
 * input handling and whatever else the page ran meanwhile.
 */
import type { Page } from '@playwright/test';

/** The fields of a Chrome trace event this module reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  args?: { data?: { type?: string } };
}

/** The renderer's event dispatches, as DevTools' Performance panel records them. */
const CATEGORIES = ['devtools.timeline'];

/** The duration of the first click dispatched in the trace, in milliseconds to a tenth. */
export function clickDispatchMs(events: readonly TraceEvent[]): number {
  const click = events.find(
    (event) => event.ph === 'X' && event.name === 'EventDispatch' && event.args?.data?.type === 'click',
  );
  if (!click) throw new Error('the trace holds no click: was the tap made while tracing?');
  return Math.round((click.dur ?? 0) / 100) / 10;
}

/**
 * Runs `tap` (the tap and the wait for the frame clock) with the page's browser tracing it, and
 * returns the click's dispatch. Tracing slows the page a little, alike on both builds of an A/B.
 */
export async function traceClickMs(page: Page, tap: () => Promise<unknown>): Promise<number> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs a browser that Playwright launched');
  await browser.startTracing(page, { categories: CATEGORIES });
  let trace: Buffer;
  try {
    await tap();
  } finally {
    trace = await browser.stopTracing();
  }
  return clickDispatchMs((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents);
}
