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
 * Makes the page's speculation rules live (src/lib/speculation-rules.ts says what they are) once
 * the page has loaded and the browser is idle (only browsers with speculation rules get that far,
 * and all of them have requestIdleCallback). The links to the likely next pages are marked first;
 * the rules are a new script element with the template's text, which the CSP allows by its hash.
 */
export function startSpeculation(): void {
  if (!speculationWanted((navigator as { connection?: NetworkInformation }).connection)) return;
  const template = document.querySelector<HTMLTemplateElement>(`template[${SPECULATION_RULES_ATTRIBUTE}]`);
  if (!template) return;
  const goLive = () => {
    const likelyNext = template.getAttribute(SPECULATION_RULES_ATTRIBUTE)!.split(' ');
    for (const link of document.querySelectorAll('a[href]'))
      if (likelyNext.includes(link.getAttribute('href')!)) link.setAttribute(LIKELY_NEXT_ATTRIBUTE, '');
    const rules = document.createElement('script');
    rules.type = 'speculationrules';
    rules.textContent = template.content.textContent;
    template.replaceWith(rules);
  };
  const idle = () => requestIdleCallback(goLive, { timeout: 3000 });
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
