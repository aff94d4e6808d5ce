/**
 * /healthz answers everyone with the status, and only a caller on this machine with the details
 * (the delivery counts, the content files a publish failed on): a visitor, or anyone through a
 * proxy, must not read the operator's state (README, "Operating it"). tests/unit/deploy/nginx.test.ts
 * checks the same through the shipped nginx.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './app-harness.ts';

const details = {
  deliveries: { dead: 2, pending: 5, oldestPendingSeconds: 4000 },
  publishing: { building: false, last: { outcome: 'failed', files: ['src/content/case-studies/stella.md'] } },
};

let app: RunningApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('/healthz', () => {
  it('gives a caller on this machine the details, as Docker and the operator read them', async () => {
    app = await startApp({ health: async () => details });
    const answer = await fetch(`${app.url}/healthz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok', ...details });
  });

  it('gives a request a proxy passed on the status alone', async () => {
    app = await startApp({ health: async () => details });
    for (const headers of [{ 'X-Forwarded-For': '203.0.113.9' }, { Forwarded: 'for=203.0.113.9' }]) {
      const answer = await fetch(`${app.url}/healthz`, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.text()).toBe('{"status":"ok"}');
    }
  });

  it('still answers 503 to everyone when the store does not answer', async () => {
    app = await startApp({ health: async () => false });
    const direct = await fetch(`${app.url}/healthz`);
    const proxied = await fetch(`${app.url}/healthz`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect([direct.status, proxied.status]).toEqual([503, 503]);
    expect(await proxied.text()).toBe('{"status":"unavailable"}');
  });
});
