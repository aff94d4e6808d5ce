import { DEFERRED_SCRIPT_ATTRIBUTE, ISLAND_RUNTIME_ATTRIBUTE } from '../lib/first-paint.ts';

/**
 * Starts the scripts the build set aside until after the first paint
 * (src/integrations/astro-internals/island-scripts.mjs turns Astro's inline island runtime into a
 * `<template>` naming its file), as ordinary script elements in page order.
 */
export function startDeferredScripts(): void {
  for (const marker of document.querySelectorAll<HTMLTemplateElement>(`template[${DEFERRED_SCRIPT_ATTRIBUTE}]`)) {
    const script = document.createElement('script');
    script.src = marker.getAttribute(DEFERRED_SCRIPT_ATTRIBUTE)!;
    script.async = false;
    if (marker.hasAttribute(ISLAND_RUNTIME_ATTRIBUTE)) script.onerror = () => runtimeMissing();
    marker.replaceWith(script);
  }
}

/** What becomes of held clicks if the island runtime cannot be fetched (set below while clicks are held). */
let runtimeMissing = () => {};

/** Our own directives take a selector for the elements outside the island whose clicks it handles. */
const REPLAYING_DIRECTIVES = new Set(['interaction', 'afterpaint']);

/** What an early click may land on: inside an island, or on an element one of them handles. */
function islandTargets(): string {
  const selectors = ['astro-island'];
  for (const island of document.querySelectorAll('astro-island[opts]')) {
    if (!REPLAYING_DIRECTIVES.has(island.getAttribute('client') ?? '')) continue;
    try {
      const { value } = JSON.parse(island.getAttribute('opts')!) as { value?: unknown };
      if (typeof value === 'string' && value) selectors.push(value);
    } catch {
      // Astro writes this attribute; if it cannot be read, the click is simply not held.
    }
  }
  return selectors.join(',');
}

/**
 * Until the runtime has defined <astro-island>, a click on an island (a Results filter button, a
 * Join link) would do nothing, or follow the link as without JavaScript. Such a click is held, the
 * runtime is started at once, and the element is clicked again once the runtime is in: the island's
 * directive then holds that click until the island has hydrated, and replays it. If the runtime
 * cannot be fetched, the element is clicked again as soon as that is known, with nothing holding it.
 */
export function holdClicksUntilIslandsStart(start: () => void): void {
  if (!document.querySelector('astro-island')) return;
  const targets = islandTargets();
  const runtimeIn = customElements.whenDefined('astro-island');
  let held: HTMLElement | undefined;
  // The last element pressed, clicked again once: by the runtime's arrival or by its failure.
  const replay = () => {
    const pressed = held;
    held = undefined;
    pressed?.click();
  };
  const stopHolding = () => document.removeEventListener('click', onClick, true);
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const matched = target?.closest<HTMLElement>(targets);
    if (!target || !matched) return;
    // Replay on what was meant (the button or link pressed), not on the island around it.
    const pressed = target.closest<HTMLElement>('a[href], button') ?? matched;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = pressed;
    start();
    void runtimeIn.then(() => setTimeout(replay));
  };
  document.addEventListener('click', onClick, true);
  // From then on the islands' own directives hold early clicks (src/islands/directives).
  void runtimeIn.then(stopHolding);
  // Without the runtime no island will start: clicks do what they do without JavaScript from then
  // on, the one held included (a Join link leads to /waitlist, which works without it).
  runtimeMissing = () => {
    stopHolding();
    replay();
  };
}
