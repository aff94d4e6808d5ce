import type { ClientDirective } from 'astro';

/** What counts as the visitor starting to use the page: pointing, touching, focusing or typing. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

type DirectiveLoad = Parameters<ClientDirective>[0];

export interface DeferOptions {
  /** Also start once the page has loaded, painted its first frame and the browser is idle. */
  afterPaint: boolean;
  /**
   * Elements outside the island whose clicks the island handles (say, the page's "Join" links).
   * Clicks inside the island are always covered.
   */
  replaySelector?: string | undefined;
}

/**
 * Adds a stylesheet to the page once and resolves when it has loaded. A sheet that fails to load
 * must not keep the island from working, so errors resolve too.
 */
function loadStylesheet(href: string): Promise<void> {
  const selector = `link[rel="stylesheet"][href="${CSS.escape(href)}"]`;
  let link = document.querySelector<HTMLLinkElement>(selector);
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  const loading = link;
  return new Promise((resolve) => {
    loading.addEventListener('load', () => resolve(), { once: true });
    loading.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Loads and hydrates an island without competing with the first paint: nothing is fetched until
 * the visitor shows intent (or, with `afterPaint`, until the page is painted and idle).
 *
 * Each page inlines only the CSS its own markup uses (src/build/page-css.mjs). When the build names
 * a stylesheet in `data-stylesheet` (islands that wait for the visitor), what the island renders
 * later is styled by it, fetched alongside the island's script.
 *
 * A click that arrives before the island is ready is held, not lost: its default action is
 * prevented and the same element is clicked again once the island has hydrated. If the island
 * cannot load (offline, say), a held link is followed as a plain link, so it still gets somewhere.
 */
export function deferHydration(load: DirectiveLoad, island: HTMLElement, { afterPaint, replaySelector }: DeferOptions) {
  let started = false;
  let ready = false;
  let held: HTMLElement | null = null;

  const onEarlyClick = (event: MouseEvent) => {
    if (ready || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const covered =
      (target && island.contains(target) ? target.closest<HTMLElement>('a[href], button') : null) ??
      (replaySelector ? target?.closest<HTMLElement>(replaySelector) : null);
    if (!covered) return;
    event.preventDefault();
    event.stopPropagation();
    held = covered;
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    try {
      const stylesheet = island.dataset['stylesheet'];
      const [hydrate] = await Promise.all([load(), stylesheet ? loadStylesheet(stylesheet) : undefined]);
      await hydrate();
      ready = true;
      held?.click();
    } catch (error) {
      ready = true;
      if (held instanceof HTMLAnchorElement) window.location.assign(held.href);
      throw error;
    } finally {
      document.removeEventListener('click', onEarlyClick, true);
      held = null;
    }
  };

  document.addEventListener('click', onEarlyClick, true);
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });

  if (afterPaint) {
    // rAF runs just before the next frame; a task queued from it runs after that frame is painted.
    const whenIdle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(() => void start(), { timeout: 2000 }) : void start();
    const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(whenIdle));
    if (document.readyState === 'complete') afterFirstFrame();
    else window.addEventListener('load', afterFirstFrame, { once: true });
  }
}
