import type { ClientDirective } from 'astro';
import { deferHydration } from './defer-hydration.ts';

/**
 * `client:afterpaint`: hydrate once the page has painted and the browser is idle, or sooner if the
 * visitor interacts. For islands that must act without being touched (the Results filter applies a
 * shared ?category= link) but must not delay the first paint, as `client:idle` and `client:visible`
 * can on a fast machine. The optional value works as for `client:interaction`.
 */
const afterPaint: ClientDirective = (load, options, el) =>
  deferHydration(load, el, { afterPaint: true, replaySelector: options.value || undefined });

export default afterPaint;
