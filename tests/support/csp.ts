import type { Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation the page reports, as the page's own listener sees
 * it, from before any page script runs. Call before the page is opened; read with `cspViolations`.
 */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at line ${event.lineNumber} of ${event.sourceFile || 'the page'}`,
      ),
    );
  });
}

/**
 * The violations recorded once everything the page starts on its own has started (the island
 * runtime and its islands, the feed; the web font is the caller's to wait for, tests/support/
 * settle.ts), or as soon as one is reported.
 */
export async function cspViolations(page: Page): Promise<string[]> {
  const found = await page.waitForFunction(() => {
    const seen = (window as unknown as { cspViolations: string[] }).cspViolations;
    const started = !document.querySelector('astro-island[ssr], [aria-busy="true"]');
    return seen.length > 0 || started ? seen : null;
  });
  return (await found.jsonValue()) ?? [];
}
