import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildTimeSettingNames,
  loadBuildSettings,
  loadSettings,
  placeholderSettings,
  SettingsError,
} from '../../../src/server/settings.ts';
import { childEnv } from '../../support/child-env.ts';
import { runScript } from '../../support/run-script.ts';
import { testTempDir } from '../../support/temp-dir.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
};

describe('settings', () => {
  it('have working defaults for every variable', () => {
    const settings = loadSettings({});
    expect(settings.PORT).toBe(4321);
    expect(settings.HOST).toBe('localhost');
    expect(settings.WAITLIST_RATE_LIMIT).toBe(5);
    expect(settings.TRUST_PROXY).toBe(false);
    expect(settings.POV_CACHE_SECONDS).toBe(900);
    expect(settings.SQLITE_PATH).toBe('./data/leads.sqlite');
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.PUBLIC_CONTACT_EMAIL).toBe('hello@example.com');
  });

  it('read values, trimming them; blank means the default', () => {
    const settings = loadSettings({
      WAITLIST_RATE_LIMIT: ' 20 ',
      TRUST_PROXY: 'true',
      POV_CACHE_SECONDS: '0',
      SITE_URL: 'https://www.humanwise.example.org/',
      PORT: '',
    });
    expect(settings.WAITLIST_RATE_LIMIT).toBe(20);
    expect(settings.TRUST_PROXY).toBe(true);
    expect(settings.POV_CACHE_SECONDS).toBe(0);
    expect(settings.SITE_URL).toBe('https://www.humanwise.example.org');
    expect(settings.PORT).toBe(4321);
    expect(loadSettings({ WAITLIST_RATE_LIMIT: '0', TRUST_PROXY: '0' })).toMatchObject({
      WAITLIST_RATE_LIMIT: 0,
      TRUST_PROXY: false,
    });
  });

  it('name every bad variable on its own line, with what was wrong', () => {
    const problems = problemsOf({
      SITE_URL: 'www.humanwise.com',
      PORT: '70000',
      WAITLIST_RATE_LIMIT: '-1',
      POV_CACHE_SECONDS: '15m',
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'loud',
      PUBLIC_CONTACT_EMAIL: 'hello',
    });
    expect(problems).toEqual([
      'PORT must be 65535 or less (got "70000")',
      'TRUST_PROXY must be 1 or 0 (got "yes")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent (got "loud")',
      'SITE_URL must be an absolute http(s) URL, got "www.humanwise.com"',
      'PUBLIC_CONTACT_EMAIL must be an e-mail address, got "hello"',
      'POV_CACHE_SECONDS must be a whole number (got "15m")',
      'WAITLIST_RATE_LIMIT must be 0 or more (got "-1")',
    ]);
  });

  it('name a bad DATABASE_URL without echoing it (it may hold a password)', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://app:s3cret@db/leads' });
    expect(problems).toEqual(['DATABASE_URL must be a postgres:// or postgresql:// URL']);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('build-time settings are SITE_URL, every PUBLIC_* and the CMS mode, loadable without the rest', () => {
    expect(buildTimeSettingNames).toEqual([
      'SITE_URL',
      'PUBLIC_BOOKING_URL',
      'PUBLIC_LINKEDIN_URL',
      'PUBLIC_CONTACT_EMAIL',
      'CMS_MODE',
      'KEYSTATIC_GITHUB_REPO',
      'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG',
      'PUBLIC_ANALYTICS_PROVIDER',
      'PUBLIC_ANALYTICS_SITE',
      'PUBLIC_ANALYTICS_ORIGIN',
    ]);
    // A build needs no database: a bad DATABASE_URL does not stop it.
    // (Optional ones left unset, the analytics settings, are absent rather than undefined.)
    const optional = {
      KEYSTATIC_GITHUB_REPO: 'humanwise/website',
      PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'humanwise-editor',
    };
    const loaded = Object.keys(loadBuildSettings({ DATABASE_URL: 'nonsense', ...optional }));
    expect(loaded).toEqual(buildTimeSettingNames.filter((name) => !name.startsWith('PUBLIC_ANALYTICS_')));
  });

  it('find the example placeholders (example.com addresses and URLs) and nothing else', () => {
    expect(placeholderSettings(loadSettings({})).sort()).toEqual(
      ['POV_FEED_URL', 'PUBLIC_BOOKING_URL', 'PUBLIC_CONTACT_EMAIL', 'PUBLIC_LINKEDIN_URL', 'SITE_URL'].sort(),
    );
    const real = loadSettings({
      SITE_URL: 'https://www.humanwise.co',
      PUBLIC_BOOKING_URL: 'https://cal.com/humanwise/discovery',
      PUBLIC_LINKEDIN_URL: 'https://www.linkedin.com/company/humanwise',
      PUBLIC_CONTACT_EMAIL: 'hello@humanwise.co',
      POV_FEED_URL: 'https://medium.com/feed/@humanwise',
      // Not example.com itself: a real domain that merely ends the same way.
      SQLITE_PATH: '/var/lib/notexample.com/leads.sqlite',
    });
    expect(placeholderSettings(real)).toEqual([]);
  });
});

// Each test starts Node on one of the server's entry points, which loads the server's modules before
// it reads a setting. On the 2-core CI machine, beside the browser tests and the reliability suite,
// one such start once took over 20 s: the child gets 50 s, the test 60.
describe('the server and the export with a bad setting', { timeout: 60_000 }, () => {
  const run = (file: string, env: Record<string, string>, cwd = testTempDir('humanwise-settings-')) =>
    // Its exit code and what it printed to stderr, compared whole below.
    runScript(path.resolve(file), [], { cwd, env: childEnv(env), timeout: 50_000 }).then(({ code, stderr }) => ({
      code,
      stderr,
    }));

  it('stop with one line per bad variable, not a stack trace (SITE_URL before the pages load)', async () => {
    const result = await run('src/server/main.ts', { SITE_URL: 'humanwise.co', PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Setting error: PORT must be a whole number (got "eighty")',
      'Setting error: SITE_URL must be an absolute http(s) URL, got "humanwise.co"',
    ]);
  });

  it('npm run check:deploy fails on the example placeholders, in one line, and passes on real values', async () => {
    // A channel to the team and a metrics token for the dead-delivery alert, so the check has
    // nothing to warn of (check-deploy.test.ts covers the warnings).
    const webhook = {
      LEADS_WEBHOOK_URL: 'https://hooks.humanwise.co/leads',
      LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
      METRICS_TOKEN: 'metrics-token-0123456789abcdef',
    };
    const placeholders = await run('src/server/commands/check-deploy.ts', webhook);
    expect(placeholders.code).toBe(1);
    expect(placeholders.stderr.trim()).toBe(
      'Deploy check failed: example placeholders in SITE_URL, PUBLIC_BOOKING_URL, PUBLIC_LINKEDIN_URL, PUBLIC_CONTACT_EMAIL, POV_FEED_URL; set real values.',
    );
    const real = await run('src/server/commands/check-deploy.ts', {
      SITE_URL: 'https://www.humanwise.co',
      PUBLIC_BOOKING_URL: 'https://cal.com/humanwise/discovery',
      PUBLIC_LINKEDIN_URL: 'https://www.linkedin.com/company/humanwise',
      PUBLIC_CONTACT_EMAIL: 'hello@humanwise.co',
      POV_FEED_URL: 'https://medium.com/feed/@humanwise',
      ...webhook,
    });
    expect(real).toEqual({ code: 0, stderr: '' });
  });

  it('the lead export reads the same settings', async () => {
    const result = await run('src/server/commands/export.ts', { PG_POOL_MAX: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Setting error: PG_POOL_MAX must be 1 or more (got "0")');
  });

  it('a .env file in the working directory is read; the environment wins over it', async () => {
    const cwd = testTempDir('humanwise-dotenv-');
    writeFileSync(path.join(cwd, '.env'), 'PG_POOL_MAX=0\nWAITLIST_RATE_LIMIT=-3\n');
    const result = await run('src/server/commands/export.ts', { PG_POOL_MAX: '2' }, cwd);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Setting error: WAITLIST_RATE_LIMIT must be 0 or more (got "-3")');
  });
});
