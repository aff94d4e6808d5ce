/**
 * The privacy policy speaks of visitor analytics only when the site has it
 * (PUBLIC_ANALYTICS_PROVIDER). Its Markdown marks the passages: `<!-- analytics:on -->` ...
 * `<!-- /analytics:on -->` is kept only with a service, `<!-- analytics:off -->` ... only without,
 * and `{{analyticsService}}` names the service.
 */
export const ANALYTICS_SERVICE_TOKEN = '{{analyticsService}}';

export const analyticsServiceNames = { plausible: 'Plausible Analytics', umami: 'Umami' } as const;

const block = (mark: 'on' | 'off') =>
  new RegExp(`<!--\\s*analytics:${mark}\\s*-->([\\s\\S]*?)<!--\\s*/analytics:${mark}\\s*-->`, 'g');

/** Keeps the passages that apply to `provider` (undefined: no analytics) and names the service. */
export function applyAnalyticsNotice(html: string, provider: keyof typeof analyticsServiceNames | undefined): string {
  const kept = provider ? 'on' : 'off';
  const dropped = provider ? 'off' : 'on';
  const text = html.replace(block(dropped), '').replace(block(kept), '$1');
  return provider ? text.replaceAll(ANALYTICS_SERVICE_TOKEN, analyticsServiceNames[provider]) : text;
}
