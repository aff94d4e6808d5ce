import type { ClientDirective } from 'astro';

/** What counts as the visitor starting to use the page: pointing, touching, focusing or typing. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

type DirectiveLoad = Parameters<ClientDirective>[0];

export interface DeferOptions {
  /** Also start once the page has loaded, painted its first frame and the browser is idle. */
  afterPaint: boolean;
  /**
   * Without `afterPaint`: once the page has loaded, painted and is idle, fetch and hydrate the
   * island's code anyway and fetch and parse its stylesheet (without applying it), so the visitor's
   * first tap pays only for switching the sheet on and rendering. Nothing of it runs before
   * the load event, so first paint and Lighthouse's load are untouched.
   */
  prepareWhenIdle?: boolean;
  /**
   * Elements outside the island whose clicks the island handles (say, the page's "Join" links).
   * Clicks inside the island are always covered.
   */
  replaySelector?: string | undefined;
}

/**
 * Adds a stylesheet to the page once (or turns on one added by `preloadStylesheet`) and resolves
 * when it has loaded. A sheet that fails to load must not keep the island from working, so errors
 * resolve too.
 */
function loadStylesheet(href: string): Promise<void> {
  const selector = `link[rel="stylesheet"][href="${CSS.escape(href)}"]`;
  let link = document.querySelector<HTMLLinkElement>(selector);
  if (link && link.media !== 'all' && link.media !== '') link.media = 'all';
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
 * Fetches and parses a stylesheet without applying it (media "print" matches nothing on screen),
 * resolving once it has loaded (errors resolve too): applying the whole site stylesheet restyles the
 * page, which is only worth paying when the visitor opens the island; `loadStylesheet` then
 * switches it on.
 */
function preloadStylesheet(href: string): Promise<void> {
  let link = document.querySelector<HTMLLinkElement>(`link[href="${CSS.escape(href)}"]`);
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    link.href = href;
    link.fetchPriority = 'low';
    document.head.append(link);
  }
  const loading = link;
  return new Promise((resolve) => {
    loading.addEventListener('load', () => resolve(), { once: true });
    loading.addEventListener('error', () => resolve(), { once: true });
  });
}

const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task);

/** Runs `task` once the page has loaded, painted its first frame and the browser is idle. */
function whenIdleAfterLoad(task: () => void): void {
  // rAF runs just before the next frame; a task queued from it runs after that frame is painted.
  const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(() => whenIdle(task)));
  if (document.readyState === 'complete') afterFirstFrame();
  else window.addEventListener('load', afterFirstFrame, { once: true });
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
export function deferHydration(
  load: DirectiveLoad,
  island: HTMLElement,
  { afterPaint, replaySelector, prepareWhenIdle = false }: DeferOptions,
) {
  let started = false;
  let ready = false;
  let held: HTMLElement | null = null;
  let hydrated: Promise<void> | null = null;
  const waiting = new Set<() => void>();
  const stylesheet = island.dataset['stylesheet'];

  /**
   * Fetches, evaluates and hydrates the island once; a failure lets the next caller try again.
   * `between` runs between evaluating the code and hydrating, so ahead of time the two can be
   * separate short tasks rather than one long one.
   */
  const hydrateIsland = (between?: () => Promise<void>) => {
    hydrated ??= load()
      .then(async (hydrate) => {
        await between?.();
        await hydrate();
      })
      .catch((error: unknown) => {
        hydrated = null;
        throw error;
      });
    return hydrated;
  };

  /** The button or link a click meant for this island pressed, or null for any other click. */
  const coveredBy = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    return (
      (target && island.contains(target) ? target.closest<HTMLElement>('a[href], button') : null) ??
      (replaySelector ? target?.closest<HTMLElement>(replaySelector) : null) ??
      null
    );
  };

  const onEarlyClick = (event: MouseEvent) => {
    if (ready || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const covered = coveredBy(event);
    if (!covered) return;
    event.preventDefault();
    event.stopPropagation();
    held = covered;
    void start();
  };

  /**
   * The island's stylesheet goes on with the first click meant for the island, in the frame that
   * shows what the click opens: one style pass for both. Switched on at the first intent instead, it
   * restyled the whole page between any tap's pointerdown and its click (a link to another page
   * included), a long task on a slow phone.
   */
  const onFirstIslandClick = (event: MouseEvent) => {
    if (!stylesheet || !coveredBy(event)) return;
    document.removeEventListener('click', onFirstIslandClick, true);
    void loadStylesheet(stylesheet);
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const resolve of waiting) resolve();
    waiting.clear();
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    try {
      await Promise.all([hydrateIsland(), stylesheet ? preloadStylesheet(stylesheet) : undefined]);
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
  document.addEventListener('click', onFirstIslandClick, true);
  for (const type of INTENT_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });

  if (afterPaint) {
    whenIdleAfterLoad(() => void start());
  } else if (prepareWhenIdle) {
    // Three idle tasks (code, hydration, stylesheet), each short, so none blocks a visitor's input.
    // The visitor acting ends the wait: start() resolves every pending idle wait at once.
    const idle = () =>
      started
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.add(resolve);
            whenIdle(() => resolve());
          });
    whenIdleAfterLoad(() => {
      if (started) return;
      // Offline or a failed fetch: the visitor's first intent tries again (and a held link still navigates).
      hydrateIsland(idle)
        .then(idle)
        .then(() => (stylesheet ? preloadStylesheet(stylesheet) : undefined))
        .catch(() => {});
    });
  }
}
