import { DEFERRED_SCRIPT_ATTRIBUTE } from '../lib/first-paint.ts';
import { isPrerendering } from './activation.ts';

/**
 * A shown page fetches its islands' code as a chain, a round trip each (150 ms on a phone): the
 * island runtime, then each island's component and renderer, then their imports. A prerendered page
 * starts its islands only once it is shown (src/browser/page-start.ts), so a tap in its first half
 * second waited for that chain: a Results filter took 300-500 ms to answer.
 *
 * While the page is prerendered, this fetches the whole chain instead, and starts nothing: the
 * runtime is only fetched (into the HTTP cache: running it would start the islands); each island's
 * component and renderer are imported, which fetches their imports too and runs their top level,
 * where no island module does anything but define. Once shown, the runtime comes from the cache and
 * the islands hydrate without waiting for the network. A fetch that fails costs nothing: the runtime
 * asks again once the page is shown.
 */
export function fetchIslandModulesWhilePrerendering(): void {
  if (!isPrerendering()) return;
  const ignore = () => {};
  for (const marker of document.querySelectorAll(`template[${DEFERRED_SCRIPT_ATTRIBUTE}]`))
    fetch(marker.getAttribute(DEFERRED_SCRIPT_ATTRIBUTE)!).catch(ignore);
  for (const island of document.querySelectorAll('astro-island'))
    for (const attribute of ['component-url', 'renderer-url']) {
      const url = island.getAttribute(attribute);
      if (url) import(/* @vite-ignore */ url).catch(ignore);
    }
}
