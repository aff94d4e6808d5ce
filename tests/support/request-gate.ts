import { expect, type Page } from '@playwright/test';

/** Requests a test holds back, as a slow connection would, until it lets them through. */
export interface RequestGate {
  /** Resolves once the page has asked for a matching URL (that request is then held). */
  requested: Promise<void>;
  /** Lets every held request through, and every later one at once. */
  release(): void;
}

/**
 * Holds every request of the page whose URL matches until the test calls `release()`. A gate the
 * test opens, not a delay: what the test does before releasing happens before the response, on
 * any machine. Register it after any handler that answers the same URL. A page that closes while
 * a request is held (a test that failed) lets it go.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<RequestGate> {
  const { promise: requested, resolve: markRequested } = Promise.withResolvers<void>();
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  page.once('close', () => release());
  await page.route(url, async (route) => {
    markRequested();
    await released;
    // On to the test's other handlers for the URL, if any (one may answer it), else to the server. The
    // page may have closed while the request was held: nothing is left to answer then.
    await route.fallback().catch(() => {});
  });
  return { requested, release };
}

/** The island runtime's files (<astro-island> and the directives), as the build names them. */
export const ISLAND_RUNTIME_URL = /\/_astro\/island-[^/]*\.js$/;

/**
 * Opens `path` with the island runtime (<astro-island> and the directives, fetched after the first
 * paint: src/integrations/astro-internals/island-scripts.mjs) held back, and checks that the page has asked for it and not
 * got it, so what the test does next happens before it arrives. The test then calls `release()`.
 * The page is taken as loaded at DOMContentLoaded: the held script keeps the load event waiting.
 */
export async function gotoWithIslandRuntimeHeld(page: Page, path: string): Promise<RequestGate> {
  const runtime = await holdRequests(page, ISLAND_RUNTIME_URL);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await runtime.requested;
  expect(
    await page.evaluate(() => customElements.get('astro-island')),
    'the runtime has not arrived yet',
  ).toBeUndefined();
  return runtime;
}
