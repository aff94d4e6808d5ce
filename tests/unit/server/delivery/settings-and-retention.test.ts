import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChannels } from '../../../../src/server/delivery/channels.ts';
import { startRetention } from '../../../../src/server/leads/retention.ts';
import { openSqliteLeadStore } from '../../../../src/server/leads/store.ts';
import { loadSettings, SettingsError } from '../../../../src/server/settings.ts';
import { lead, testClock } from '../leads/store-contract.ts';

const SECRET = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const site = {
  companyName: 'Humanwise',
  contactEmail: 'hello@humanwise.example',
  siteUrl: 'https://humanwise.example',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadSettings(env);
    return [];
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
}

describe('delivery settings', () => {
  it('accept a full configuration and turn on each channel it names', () => {
    const settings = loadSettings({
      SMTP_URL: 'smtps://leads:p%40ss@mail.humanwise.example:465',
      LEADS_NOTIFY_EMAIL: 'team@humanwise.example, partners@humanwise.example',
      LEADS_FROM_EMAIL: 'leads@humanwise.example',
      LEADS_WEBHOOK_URL: 'https://hooks.zapier.example/hooks/catch/123/abc/',
      LEADS_WEBHOOK_SECRET: SECRET,
      LEADS_CONFIRM_VISITOR: '1',
      LEADS_RETENTION_DAYS: '365',
    });
    expect(settings.LEADS_NOTIFY_EMAIL).toEqual(['team@humanwise.example', 'partners@humanwise.example']);
    expect(settings.LEADS_RETENTION_DAYS).toBe(365);
    expect(createChannels(settings, site, 1000).enabled).toEqual(['team-email', 'webhook', 'visitor-email']);
    const none = loadSettings({});
    expect(none.LEADS_RETENTION_DAYS).toBe(730);
    expect(createChannels(none, site, 1000).enabled).toEqual([]);
  });

  it('name each bad value with a clear message, never echoing a secret', () => {
    const found = problems({
      SMTP_URL: 'http://user:hunter2@mail.example',
      LEADS_NOTIFY_EMAIL: 'team@humanwise.example, not an address',
      LEADS_WEBHOOK_URL: 'ftp://hooks.example/token-abc',
      LEADS_WEBHOOK_SECRET: 'plain-secret',
      LEADS_RETENTION_DAYS: '0',
    });
    expect(found).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587',
      'LEADS_NOTIFY_EMAIL must be one or more e-mail addresses separated by commas, got "team@humanwise.example, not an address"',
      'LEADS_WEBHOOK_URL must be an absolute http(s) URL',
      'LEADS_WEBHOOK_SECRET must be "whsec_" followed by a base64 key of 24 bytes or more (e.g. whsec_ + `openssl rand -base64 32`)',
      'LEADS_RETENTION_DAYS must be 1 or more (got "0")',
    ]);
    expect(found.join('\n')).not.toMatch(/hunter2|token-abc|plain-secret/);
  });

  it('bound the retention, so a huge value cannot pass validation and then break the purge', () => {
    expect(problems({ LEADS_RETENTION_DAYS: '1e9' })).toEqual([
      'LEADS_RETENTION_DAYS must be 36500 or less (got "1e9")',
    ]);
    expect(problems({ LEADS_RETENTION_DAYS: '36501' })).toEqual([
      'LEADS_RETENTION_DAYS must be 36500 or less (got "36501")',
    ]);
    expect(loadSettings({ LEADS_RETENTION_DAYS: '36500' }).LEADS_RETENTION_DAYS).toBe(36_500);
  });

  it('cap visitor confirmations site-wide: 30 an hour unless set', () => {
    expect(loadSettings({}).LEADS_CONFIRM_MAX_PER_HOUR).toBe(30);
    expect(loadSettings({ LEADS_CONFIRM_MAX_PER_HOUR: '120' }).LEADS_CONFIRM_MAX_PER_HOUR).toBe(120);
    expect(problems({ LEADS_CONFIRM_MAX_PER_HOUR: 'lots' })).toEqual([
      'LEADS_CONFIRM_MAX_PER_HOUR must be a whole number (got "lots")',
    ]);
    expect(problems({ LEADS_CONFIRM_MAX_PER_HOUR: '0' })).toEqual([
      'LEADS_CONFIRM_MAX_PER_HOUR must be 1 or more (got "0")',
    ]);
    expect(problems({ LEADS_CONFIRM_MAX_PER_HOUR: '100000' })).toEqual([
      'LEADS_CONFIRM_MAX_PER_HOUR must be 10000 or less (got "100000")',
    ]);
  });

  it('refuse halves of a channel', () => {
    expect(problems({ LEADS_NOTIFY_EMAIL: 'team@humanwise.example' })).toEqual([
      'LEADS_NOTIFY_EMAIL needs SMTP_URL to send through (got "team@humanwise.example")',
    ]);
    expect(problems({ LEADS_WEBHOOK_URL: 'https://hooks.example/x' })).toEqual([
      'LEADS_WEBHOOK_URL needs LEADS_WEBHOOK_SECRET to sign with',
    ]);
    expect(problems({ LEADS_WEBHOOK_SECRET: SECRET })).toEqual([
      'LEADS_WEBHOOK_SECRET is set but LEADS_WEBHOOK_URL is not',
    ]);
    expect(problems({ SMTP_URL: 'smtp://mail.example:587' })[0]).toMatch(/^SMTP_URL is set but nobody is mailed/);
  });
});

describe('retention in the server', () => {
  it('purges at start and then on its interval, counting from submission, with a fixed clock', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'retention-'));
    const clock = testClock('2024-01-01T00:00:00.000Z');
    const store = openSqliteLeadStore(path.join(dir, 'leads.sqlite'), { now: clock.now, channels: ['webhook'] });
    try {
      await store.save(lead({ name: 'January 2024' }), randomUUID());
      clock.set('2024-03-01T00:00:00.000Z');
      await store.save(lead({ name: 'March 2024' }), randomUUID());
      clock.set('2025-12-31T00:00:01.000Z'); // 730 days and a second after 2024-01-01
      const results: unknown[] = [];
      const stop = startRetention({
        store,
        retentionDays: 730,
        now: clock.now,
        everyMs: 20,
        log: (r) => results.push(r),
      });
      try {
        await expect.poll(() => results.length).toBeGreaterThan(0);
        expect(results[0]).toEqual({ leads: 1, deliveries: 1 });
        expect((await store.list()).map((l) => l.name)).toEqual(['March 2024']);
        clock.set('2026-03-02T00:00:00.000Z');
        await expect.poll(async () => (await store.list()).length).toBe(0);
      } finally {
        stop();
      }
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
