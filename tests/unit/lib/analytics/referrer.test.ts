// @vitest-environment jsdom
/**
 * What a page view tells the analytics service of where the visitor came from: the referring site,
 * as the privacy policy says, never the referring page's query string or fragment. A visit's
 * previous page is usually one of ours (sent in full: the Referrer-Policy passes the whole address
 * within the site), and its query may carry what a link put there (`/?email=...` from a
 * newsletter); the page's own address is sent without its query for the same reason.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeAnalytics } from '../../../support/fake-analytics.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What matters here of a page view: Plausible's referrer, Umami's payload. */
interface PageView {
  referrer?: string | null;
  payload?: { referrer?: string; url?: string };
}

/** A fresh sender (it starts once per page) on a page reached from `referrer`; the page view it sent. */
async function pageViewFrom(provider: 'plausible' | 'umami', referrer: string) {
  const fake = await startFakeAnalytics();
  cleanups.push(fake.close);
  const root = document.documentElement;
  Object.assign(root.dataset, { analyticsProvider: provider, analyticsSite: 'www.humanwise.co' });
  root.dataset.analyticsOrigin = fake.origin;
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  history.replaceState(null, '', '/programs?email=ada.lovelace%40example.org');
  cleanups.push(() => {
    Reflect.deleteProperty(document, 'referrer');
    history.replaceState(null, '', '/');
    for (const key of ['analyticsProvider', 'analyticsSite', 'analyticsOrigin']) delete root.dataset[key];
  });
  vi.resetModules();
  const { startAnalytics } = await import('../../../../src/lib/analytics/sender.ts');
  startAnalytics();
  await expect.poll(() => fake.events().length).toBe(1);
  return (fake.events()[0]?.body ?? {}) as PageView;
}

describe('a page view', () => {
  it.each(['plausible', 'umami'] as const)(
    'sends %s the referring site, not the query or fragment of the page before',
    async (provider) => {
      const body = await pageViewFrom(
        provider,
        `${location.origin}/results?email=ada.lovelace%40example.org&name=Ada#step-2`,
      );
      expect(JSON.stringify(body)).not.toMatch(/ada|lovelace|example\.org|step-2|results/i);
      expect(provider === 'plausible' ? body.referrer : body.payload?.referrer).toBe(location.origin);
      if (provider === 'umami') expect(body.payload?.url).toBe('/programs');
    },
  );

  it('sends a referring site elsewhere as its origin, and no referrer at all when there is none', async () => {
    const elsewhere = await pageViewFrom('plausible', 'https://news.example.net/issue/42?subscriber=ada%40example.org');
    expect(elsewhere.referrer).toBe('https://news.example.net');
    await cleanups
      .splice(0)
      .reverse()
      .reduce((done, cleanup) => done.then(cleanup), Promise.resolve());
    const direct = await pageViewFrom('umami', '');
    expect(direct.payload).not.toHaveProperty('referrer');
  });
});
