import { LIKELY_NEXT_ATTRIBUTE, SPECULATION_RULES_ATTRIBUTE } from '../lib/first-paint.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Speculating spends the visitor's data on pages they may never open: not when they asked to save
 * data (Save-Data, which navigator.connection.saveData reflects) or on a 2G connection.
 */
export function speculationWanted(connection?: NetworkInformation): boolean {
  return (
    !!HTMLScriptElement.supports?.('speculationrules') &&
    !connection?.saveData &&
    !/2g$/.test(connection?.effectiveType ?? '')
  );
}

/**
 * On a page shown from a prerender, how long after it is shown its rules go live and its likely
 * next pages are prerendered. Such a page answers a tap at once, and a reader who arrived by a tap
 * often taps again within the second (a Results filter): prerendering two pages meanwhile took the
 * processor from that tap (130-170 ms to show a filter pressed 300 ms after arriving, against 50-60
 * ms without them, on the bench's phone), and so did the rules going live, a style pass over every
 * link (docs/PERFORMANCE.md). A page loaded the usual way has spent longer than this loading before
 * it is idle, so its rules go live as soon as it is.
 */
export const SPECULATION_AFTER_SHOWN_MS = 1000;

/**
 * Makes the page's speculation rules live (src/lib/speculation-rules.ts says what they are) once
 * the page has loaded and the browser is idle, or, on a page just shown from a prerender,
 * SPECULATION_AFTER_SHOWN_MS later once idle (only browsers with speculation rules get that far,
 * and all of them have requestIdleCallback). The rules are a new script element with the
 * template's text, which the CSP allows by its hash. The links to the likely next pages (the
 * template names them) are marked first.
 */
export function startSpeculation({ shownFromPrerender }: { shownFromPrerender: boolean }): void {
  if (!speculationWanted((navigator as { connection?: NetworkInformation }).connection)) return;
  const template = document.querySelector<HTMLTemplateElement>(`template[${SPECULATION_RULES_ATTRIBUTE}]`);
  if (!template) return;
  const likelyNext = template.getAttribute(SPECULATION_RULES_ATTRIBUTE)!.split(' ');
  const goLive = () => {
    for (const link of document.querySelectorAll('a[href]'))
      if (likelyNext.includes(link.getAttribute('href')!)) link.setAttribute(LIKELY_NEXT_ATTRIBUTE, '');
    const rules = document.createElement('script');
    rules.type = 'speculationrules';
    rules.textContent = template.content.textContent;
    template.replaceWith(rules);
  };
  // Not the islands' whenIdle (src/islands/scheduling.ts), for the reason prerender-layout.ts gives.
  const wait = () =>
    setTimeout(
      () => requestIdleCallback(goLive, { timeout: 3000 }),
      shownFromPrerender ? SPECULATION_AFTER_SHOWN_MS : 0,
    );
  if (document.readyState === 'complete') wait();
  else addEventListener('load', wait, { once: true });
}
