/**
 * The privacy policy speaks of visitor analytics only when the site has it
 * (PUBLIC_ANALYTICS_PROVIDER). Its Markdown marks the passages in plain text, which the editor opens
 * and saves as written (its MDX parser refuses HTML comments and `{...}`): `%if analytics%` ...
 * `%end if%` is kept only with a service, `%if no analytics%` ... `%end if%` only without, and
 * `%analytics service%` names the service. A marker may stand in a paragraph of its own or inside
 * a sentence.
 */
export const ANALYTICS_SERVICE_TOKEN = '%analytics service%';
export const ANALYTICS_ON_MARKER = '%if analytics%';
export const ANALYTICS_OFF_MARKER = '%if no analytics%';
export const END_IF_MARKER = '%end if%';

export const analyticsServiceNames = { plausible: 'Plausible Analytics', umami: 'Umami' } as const;

/** A marker as rendered: a paragraph of its own (dropped whole), or inside a sentence. */
const marker = (text: string) => `(?:<p>\\s*${text}\\s*</p>|${text})`;

const block = (opening: string) => new RegExp(`${marker(opening)}([\\s\\S]*?)${marker(END_IF_MARKER)}`, 'g');

/** Keeps the passages that apply to `provider` (undefined: no analytics) and names the service. */
export function applyAnalyticsNotice(html: string, provider: keyof typeof analyticsServiceNames | undefined): string {
  const kept = provider ? ANALYTICS_ON_MARKER : ANALYTICS_OFF_MARKER;
  const dropped = provider ? ANALYTICS_OFF_MARKER : ANALYTICS_ON_MARKER;
  const text = html.replace(block(dropped), '').replace(block(kept), '$1');
  return provider ? text.replaceAll(ANALYTICS_SERVICE_TOKEN, analyticsServiceNames[provider]) : text;
}
