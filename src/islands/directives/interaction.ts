import type { ClientDirective } from 'astro';
import { deferHydration } from './defer-hydration.ts';

/**
 * `client:interaction`: ready on the visitor's first pointer, touch, focus or key on the page. For
 * islands nobody needs until they act, such as the waiting-list dialog. Once the page has loaded
 * and is idle, the island's code is fetched and hydrated ahead of that,
 * so the first tap does not wait for the network. The optional value is
 * a selector for outside elements whose early clicks are held and replayed
 * (`client:interaction="[data-waitlist-trigger]"`).
 */
const interaction: ClientDirective = (load, options, el) =>
  deferHydration(load, el, { afterPaint: false, prepareWhenIdle: true, replaySelector: options.value || undefined });

export default interaction;
