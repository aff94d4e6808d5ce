/**
 * `npm run check:deploy` is the operator's last look before a deploy: it must fail on what the
 * README says never belongs in production, and say when no lead would reach the team.
 */
import { describe, expect, it } from 'vitest';
import { childEnv } from '../../../support/child-env.ts';
import { runScript } from '../../../support/run-script.ts';

const real = {
  SITE_URL: 'https://www.humanwise.co',
  PUBLIC_BOOKING_URL: 'https://cal.com/humanwise/discovery-call',
  PUBLIC_LINKEDIN_URL: 'https://www.linkedin.com/company/humanwise',
  PUBLIC_CONTACT_EMAIL: 'hello@humanwise.co',
  POV_FEED_URL: 'https://blog.humanwise.co/feed',
};
const webhook = {
  LEADS_WEBHOOK_URL: 'https://hooks.humanwise.co/leads',
  LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
};
const metrics = { METRICS_TOKEN: 'metrics-token-0123456789abcdef' };

const checkDeploy = (env: Record<string, string>) =>
  runScript('src/server/commands/check-deploy.ts', [], { env: childEnv(env), timeout: 20_000 });

describe('npm run check:deploy', () => {
  it('passes real values with a channel to the team and monitoring, and says nothing else', async () => {
    const result = await checkDeploy({ ...real, ...webhook, ...metrics });
    expect(result).toEqual({
      code: 0,
      stdout: 'Deploy check passed: every setting is valid, none is an example placeholder or test-only.\n',
      stderr: '',
    });
  });

  it('fails on every test-only setting that is on, naming them', async () => {
    const result = await checkDeploy({
      ...real,
      ...webhook,
      ...metrics,
      ENABLE_FAILURE_ROUTE: '1',
      POV_FEED_ALLOW_PRIVATE: '1',
      LEADS_DELIVERY_FAST: 'true',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Deploy check failed: test-only settings on: ENABLE_FAILURE_ROUTE, POV_FEED_ALLOW_PRIVATE, LEADS_DELIVERY_FAST; unset them in production.',
    );
  });

  it('warns, without failing, when no lead would reach the team', async () => {
    const result = await checkDeploy(real);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^Warning: no lead reaches the team: set SMTP_URL and LEADS_NOTIFY_EMAIL/);
  });

  it('warns, without failing, when a lead that cannot be delivered would be told to nobody', async () => {
    // One team channel, no other to carry the dead-delivery notice, and no /metrics for an alert.
    const result = await checkDeploy({ ...real, ...webhook });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^Warning: a lead that cannot be delivered would be told to nobody/);
    // Either the second channel or the metrics (and their LeadDeliveryDead alert) is enough.
    for (const more of [
      { SMTP_URL: 'smtp://mail.humanwise.co:587', LEADS_NOTIFY_EMAIL: 'team@humanwise.co' },
      metrics,
    ]) {
      expect((await checkDeploy({ ...real, ...webhook, ...more })).stderr).toBe('');
    }
  });

  it('still fails on example placeholders', async () => {
    const result = await checkDeploy(webhook);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Deploy check failed: example placeholders in SITE_URL');
  });
});
