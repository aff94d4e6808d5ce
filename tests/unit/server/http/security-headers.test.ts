/**
 * Over plain http (SITE_URL http://..., or a proxy without TLS yet) a page must not ask browsers to
 * upgrade its requests: they would fetch every image, font and script at an https address that
 * nothing answers, and the page would show without them. Over https both the upgrade and HSTS apply.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../app-harness.ts';

let app: RunningApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The CSP and HSTS headers of a built page, an on-demand page and the 404 page. */
async function headersOf(hsts: boolean) {
  app = await startApp({ security: { scriptHashes: [], hsts } });
  const answers = await Promise.all(
    ['/', '/privacy-policy', '/no-such-page'].map((path) => fetch(`${app?.url}${path}`)),
  );
  return answers.map((answer) => ({
    csp: answer.headers.get('content-security-policy') ?? '',
    hsts: answer.headers.get('strict-transport-security'),
  }));
}

describe('security headers and the scheme the site is served over', () => {
  it('over http: no upgrade-insecure-requests and no HSTS, on every kind of page', async () => {
    for (const { csp, hsts } of await headersOf(false)) {
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(hsts).toBeNull();
    }
  });

  it('over https: upgrade-insecure-requests and HSTS, on every kind of page', async () => {
    for (const { csp, hsts } of await headersOf(true)) {
      expect(csp).toContain('upgrade-insecure-requests');
      expect(hsts).toBe('max-age=63072000; includeSubDomains');
    }
  });
});
