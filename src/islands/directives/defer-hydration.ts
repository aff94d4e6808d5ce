import type { ClientDirective } from 'astro';
import { afterNextFrame, whenIdle } from '../scheduling.ts';

/** What counts as the visitor starting to use the page: pointing, touching, focusing or typing. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

type DirectiveLoad = Parameters<ClientDirective>[0];

export interface DeferOptions {
  /** Also start once the page has loaded, painted its first frame and the browser is idle. */
  afterPaint: boolean;
  /**
   * Without `afterPaint`: once the page has loaded, painted and is idle, fetch and hydrate the
   * island's code anyway, so the visitor's first tap pays only for rendering. Nothing of it runs
   * before the load event, so first paint and Lighthouse's load are untouched.
   */
  prepareWhenIdle?: boolean;
  /**
   * Elements outside the island whose clicks the island handles (say, the page's "Join" links).
   * Clicks inside the island are always covered.
   */
  replaySelector?: string | undefined;
}

/** Runs `task` once the page has loaded, painted its first frame and the browser is idle. */
function whenIdleAfterLoad(task: () => void): void {
  const afterFirstFrame = () => afterNextFrame(() => whenIdle(task));
  if (document.readyState === 'complete') afterFirstFrame();
  else window.addEventListener('load', afterFirstFrame, { once: true });
}

/**
 * Loads and hydrates an island without competing with the first paint: nothing is fetched until
 * the visitor shows intent (or, with `afterPaint`, until the page is painted and idle).
 *
 * What the island renders later is styled by the page's own inline CSS: the build keeps the rules
 * its scripts can use (src/build/page-css.mjs).
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

  const start = async () => {
    if (started) return;
    started = true;
    for (const resolve of waiting) resolve();
    waiting.clear();
    for (const type of INTENT_EVENTS) window.removeEventListener(type, start, true);
    try {
      await hydrateIsland();
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
    whenIdleAfterLoad(() => void start());
  } else if (prepareWhenIdle) {
    // Two idle tasks (code, then hydration), each short, so none blocks a visitor's input.
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
      hydrateIsland(idle).catch(() => {});
    });
  }
}
