// @vitest-environment jsdom
/**
 * Visitor analytics off the browser: the settings, the CSP, the privacy policy's passages, the
 * funnel's queue and the server's stored-lead event against a fake Plausible and a fake Umami
 * on loopback. The browser side is tests/e2e/analytics.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsConfig, loadBuildSettings } from '../../../../src/config/build-settings.ts';
import { analyticsEvents, takeQueuedEvents, track } from '../../../../src/lib/analytics/events.ts';
import { startAnalytics } from '../../../../src/lib/analytics/sender.ts';
import { applyAnalyticsNotice } from '../../../../src/lib/legal/analytics-notice.ts';
import { createLeadStoredReporter } from '../../../../src/server/analytics/lead-stored-event.ts';
import { contentSecurityPolicy } from '../../../../src/server/http/security-headers.ts';
import { loadSettings } from '../../../../src/server/settings.ts';
import { startFakeAnalytics } from '../../../support/fake-analytics.ts';

const UMAMI_ID = '4f2b8a1e-9c3d-4e5f-8a7b-1c2d3e4f5a6b';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  document.documentElement.removeAttribute('data-analytics-provider');
  takeQueuedEvents();
});

describe('PUBLIC_ANALYTICS_* settings', () => {
  it('are off by default, and then nothing is configured', () => {
    expect(analyticsConfig(loadBuildSettings({}))).toBeUndefined();
    expect(loadSettings({}).PUBLIC_ANALYTICS_PROVIDER).toBeUndefined();
  });

  it("take Plausible's domain (hosted by default) or Umami's website id and origin", () => {
    expect(
      analyticsConfig(
        loadBuildSettings({ PUBLIC_ANALYTICS_PROVIDER: 'Plausible', PUBLIC_ANALYTICS_SITE: 'www.humanwise.co' }),
      ),
    ).toEqual({ provider: 'plausible', site: 'www.humanwise.co', origin: 'https://plausible.io' });
    expect(
      analyticsConfig(
        loadBuildSettings({
          PUBLIC_ANALYTICS_PROVIDER: 'umami',
          PUBLIC_ANALYTICS_SITE: UMAMI_ID,
          PUBLIC_ANALYTICS_ORIGIN: 'https://stats.humanwise.co/',
        }),
      ),
    ).toEqual({ provider: 'umami', site: UMAMI_ID, origin: 'https://stats.humanwise.co' });
  });

  it.each([
    [
      { PUBLIC_ANALYTICS_PROVIDER: 'matomo', PUBLIC_ANALYTICS_SITE: 'x.io' },
      /PUBLIC_ANALYTICS_PROVIDER must be plausible or umami/,
    ],
    [{ PUBLIC_ANALYTICS_PROVIDER: 'plausible' }, /PUBLIC_ANALYTICS_SITE is needed/],
    [{ PUBLIC_ANALYTICS_PROVIDER: 'plausible', PUBLIC_ANALYTICS_SITE: 'https://x.io/' }, /must be the domain/],
    [
      {
        PUBLIC_ANALYTICS_PROVIDER: 'umami',
        PUBLIC_ANALYTICS_SITE: 'www.x.io',
        PUBLIC_ANALYTICS_ORIGIN: 'https://u.x.io',
      },
      /UUID/,
    ],
    [{ PUBLIC_ANALYTICS_PROVIDER: 'umami', PUBLIC_ANALYTICS_SITE: UMAMI_ID }, /PUBLIC_ANALYTICS_ORIGIN is needed/],
    [
      {
        PUBLIC_ANALYTICS_PROVIDER: 'plausible',
        PUBLIC_ANALYTICS_SITE: 'x.io',
        PUBLIC_ANALYTICS_ORIGIN: 'https://p.x.io/js',
      },
      /must be an origin/,
    ],
    [{ PUBLIC_ANALYTICS_SITE: 'x.io' }, /PUBLIC_ANALYTICS_PROVIDER must be plausible or umami when/],
  ])('refuse %j in one line', (env, message) => {
    expect(() => loadBuildSettings(env)).toThrow(message);
    expect(() => loadSettings(env)).toThrow(message);
  });
});

describe('the Content-Security-Policy', () => {
  it("lets pages post to exactly the service's origin, and loads no script from it", () => {
    const on = contentSecurityPolicy({ scriptHashes: [], hsts: true, analyticsOrigin: 'https://stats.humanwise.co' });
    expect(on).toContain("connect-src 'self' https://stats.humanwise.co;");
    expect(on).toContain("script-src 'self';");
    expect(contentSecurityPolicy({ scriptHashes: [], hsts: true })).toContain("connect-src 'self';");
  });
});

describe('the privacy policy', () => {
  const markdown = readFileSync('src/content/legal/privacy-policy.md', 'utf8');

  it('speaks of analytics, naming the service, only when the site has it', () => {
    const html = markdown; // the markers are plain text, the same in the Markdown and in the page
    const off = applyAnalyticsNotice(html, undefined);
    expect(off).not.toMatch(/Visit statistics|Plausible|Umami|%if|%end if|%analytics/);
    expect(off).toContain('We do not use analytics tools');
    const plausible = applyAnalyticsNotice(html, 'plausible');
    expect(plausible).toContain(
      '**Visit statistics.** We count visits with Plausible Analytics, which sets no cookies',
    );
    expect(plausible).toContain('**Plausible Analytics** counts visits');
    expect(plausible).toContain('We do not use other analytics tools');
    expect(plausible).not.toMatch(/We do not use analytics tools|%if|%end if|%analytics/);
    expect(applyAnalyticsNotice(html, 'umami')).toContain('We count visits with Umami, which');
  });

  it('drops a marker that stands in a paragraph of its own with its paragraph, as Markdown renders it', () => {
    const rendered =
      '<p>Before.</p>\n<p>%if analytics%</p>\n<p>Counted by %analytics service%.</p>\n<p>%end if%</p>\n<p>After.</p>';
    expect(applyAnalyticsNotice(rendered, 'umami')).toBe('<p>Before.</p>\n\n<p>Counted by Umami.</p>\n\n<p>After.</p>');
    expect(applyAnalyticsNotice(rendered, undefined)).toBe('<p>Before.</p>\n\n<p>After.</p>');
    const offOnly = '<p>%if no analytics%</p>\n<p>We count nothing.</p>\n<p>%end if%</p>';
    expect(applyAnalyticsNotice(offOnly, undefined)).toBe('\n<p>We count nothing.</p>\n');
    expect(applyAnalyticsNotice(offOnly, 'plausible')).toBe('');
  });
});

describe('track()', () => {
  it('does nothing on a page without an analytics service', () => {
    track(analyticsEvents.waitlistOpened, { program: 'ripple-effect' });
    expect(takeQueuedEvents()).toEqual([]);
  });

  it('queues the event with the program, step and category only', () => {
    document.documentElement.setAttribute('data-analytics-provider', 'plausible');
    const woken: string[] = [];
    document.addEventListener('humanwise:analytics', () => woken.push('queued'), { once: true });
    track(analyticsEvents.waitlistStep, { step: 3, program: 'ripple-effect', email: 'ada@example.org' } as never);
    expect(takeQueuedEvents()).toEqual([{ name: 'Waiting list step', props: { step: '3', program: 'ripple-effect' } }]);
    expect(woken).toEqual(['queued']);
  });
});

describe("the page's sender", () => {
  it("sends a tap's events once the next frame is painted, or at once when the page is hidden or left", async () => {
    const fake = await startFakeAnalytics();
    cleanups.push(fake.close);
    // The frames are this test's to run; the sends are counted as they start.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const fetches = vi.spyOn(globalThis, 'fetch');
    const root = document.documentElement;
    Object.assign(root.dataset, { analyticsProvider: 'plausible', analyticsSite: 'www.humanwise.co' });
    root.dataset.analyticsOrigin = fake.origin;
    cleanups.push(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
      delete root.dataset.analyticsSite;
      delete root.dataset.analyticsOrigin;
    });
    const names = () => fake.events().map((event) => (event.body as { name: string }).name);
    const settled = () => new Promise((resolve) => setTimeout(resolve));

    startAnalytics();
    await expect.poll(names).toEqual(['pageview']);
    await settled();

    track(analyticsEvents.waitlistOpened, { program: 'ripple-effect' });
    track(analyticsEvents.waitlistStep, { step: 1, program: 'ripple-effect' });
    await settled();
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(1);
    for (const frame of frames.splice(0)) frame(performance.now());
    await expect.poll(names).toEqual(['pageview', 'Waiting list opened', 'Waiting list step']);

    track(analyticsEvents.waitlistStep, { step: 2, program: 'ripple-effect' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    cleanups.push(() => {
      Reflect.deleteProperty(document, 'visibilityState');
    });
    document.dispatchEvent(new Event('visibilitychange'));
    await expect.poll(names).toHaveLength(4);

    // Queued while hidden (the server's answer after the visitor switched tabs): no frame will come.
    track(analyticsEvents.waitlistStored, { program: 'ripple-effect' });
    await expect.poll(names).toHaveLength(5);
    Reflect.deleteProperty(document, 'visibilityState');

    track(analyticsEvents.waitlistStep, { step: 3, program: 'ripple-effect' });
    window.dispatchEvent(new Event('pagehide'));
    await expect.poll(names).toHaveLength(6);
    expect(fake.events().map((event) => (event.body as { props?: { step?: string } }).props?.step)).toEqual([
      undefined,
      undefined,
      '1',
      '2',
      undefined,
      '3',
    ]);
  });
});

describe('a page restored from the back/forward cache', () => {
  it.each(['plausible', 'umami'] as const)(
    'counts its view again for %s, as the service script does, but not its first showing twice',
    async (provider) => {
      const fake = await startFakeAnalytics();
      cleanups.push(fake.close);
      const root = document.documentElement;
      Object.assign(root.dataset, {
        analyticsProvider: provider,
        analyticsSite: UMAMI_ID,
        analyticsOrigin: fake.origin,
      });
      cleanups.push(() => {
        delete root.dataset.analyticsSite;
        delete root.dataset.analyticsOrigin;
      });
      // A fresh sender: it starts once per page, and the page here is new.
      vi.resetModules();
      const { startAnalytics: start } = await import('../../../../src/lib/analytics/sender.ts');
      start();
      await expect.poll(() => fake.events().length).toBe(1);
      // The first showing of the page (persisted: false) is the view already counted.
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
      // The visitor went on to another page and came Back: the browser shows this one from its cache,
      // running no script again.
      window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
      await expect.poll(() => fake.events().length).toBe(2);
      const [first, again] = fake.events().map((event) => JSON.stringify(event.body));
      expect(again).toBe(first);
    },
  );
});

describe("the server's stored-lead event", () => {
  it('posts Lead stored with the program to Plausible', async () => {
    const fake = await startFakeAnalytics();
    cleanups.push(fake.close);
    const report = createLeadStoredReporter({
      analytics: { provider: 'plausible', site: 'www.humanwise.co', origin: fake.origin },
      siteUrl: 'https://www.humanwise.co',
    });
    await report?.('ripple-effect');
    expect(fake.events()).toMatchObject([
      {
        path: '/api/event',
        body: {
          name: 'Lead stored',
          url: 'https://www.humanwise.co/program/ripple-effect',
          domain: 'www.humanwise.co',
          props: { program: 'ripple-effect' },
        },
      },
    ]);
    expect(fake.events()[0]?.headers['user-agent']).toMatch(/^Mozilla\/5\.0/);
  });

  it('posts it to Umami, from the waiting-list page when no program', async () => {
    const fake = await startFakeAnalytics();
    cleanups.push(fake.close);
    const report = createLeadStoredReporter({
      analytics: { provider: 'umami', site: UMAMI_ID, origin: fake.origin },
      siteUrl: 'https://www.humanwise.co',
    });
    await report?.(null);
    expect(fake.events()).toMatchObject([
      {
        path: '/api/send',
        body: {
          type: 'event',
          payload: { website: UMAMI_ID, hostname: 'www.humanwise.co', url: '/waitlist', name: 'Lead stored', data: {} },
        },
      },
    ]);
  });

  it('never throws: a failing or absent service is reported to the log only', async () => {
    const fake = await startFakeAnalytics();
    cleanups.push(fake.close);
    const failures: string[] = [];
    const options = { siteUrl: 'https://www.humanwise.co', onFailure: (error: string) => failures.push(error) };
    fake.failWith(503);
    await createLeadStoredReporter({
      ...options,
      analytics: { provider: 'plausible', site: 'www.humanwise.co', origin: fake.origin },
    })?.('ripple-effect');
    await createLeadStoredReporter({
      ...options,
      analytics: { provider: 'umami', site: UMAMI_ID, origin: 'http://127.0.0.1:9' },
    })?.(null);
    expect(failures).toEqual(['HTTP 503', 'TypeError']);
    expect(createLeadStoredReporter({ ...options, analytics: undefined })).toBeUndefined();
  });
});
