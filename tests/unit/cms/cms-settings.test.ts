import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadBuildSettings, loadSettings, SettingsError } from '../../../src/server/settings.ts';

const problemsOf = (load: (env: Record<string, string>) => unknown, env: Record<string, string>): string[] => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
};

const github = {
  CMS_MODE: 'github',
  KEYSTATIC_GITHUB_REPO: 'humanwise/website',
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'humanwise-editor',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv23liExampleClient',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'a-client-secret-from-github',
  KEYSTATIC_SECRET: 'f'.repeat(64),
};

describe('CMS_MODE', () => {
  it('is off unless configured, and accepts off, local and github in any case', () => {
    expect(loadSettings({}).CMS_MODE).toBe('off');
    expect(loadSettings({ CMS_MODE: ' Local ' }).CMS_MODE).toBe('local');
    expect(problemsOf(loadSettings, { CMS_MODE: 'on' })).toEqual(['CMS_MODE must be off, local or github (got "on")']);
  });

  it('local refuses several instances (DATABASE_URL) in one line pointing to github', () => {
    const problems = problemsOf(loadSettings, {
      CMS_MODE: 'local',
      DATABASE_URL: 'postgres://app:s3cret@db/leads',
      CMS_PASSWORD: 'correct horse battery',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^CMS_MODE is local.*DATABASE_URL.*use CMS_MODE=github/);
    expect(problems[0]).not.toContain('s3cret');
  });

  it('local without CMS_PASSWORD starts only on a loopback HOST', () => {
    expect(loadSettings({ CMS_MODE: 'local', HOST: '127.0.0.1' }).CMS_MODE).toBe('local');
    expect(loadSettings({ CMS_MODE: 'local' }).HOST).toBe('localhost');
    expect(problemsOf(loadSettings, { CMS_MODE: 'local', HOST: '0.0.0.0' })).toEqual([
      'CMS_MODE is local without CMS_PASSWORD, which is allowed only when HOST is a loopback address (got "0.0.0.0")',
    ]);
    expect(
      loadSettings({ CMS_MODE: 'local', HOST: '0.0.0.0', CMS_PASSWORD: 'correct horse battery' }).CMS_PASSWORD,
    ).toBe('correct horse battery');
  });

  it('local without CMS_PASSWORD is refused behind a proxy, even on a loopback HOST', () => {
    expect(problemsOf(loadSettings, { CMS_MODE: 'local', HOST: '127.0.0.1', TRUST_PROXY: '1' })).toEqual([
      'CMS_MODE is local without CMS_PASSWORD behind a proxy (TRUST_PROXY=1), which would open the editor to every visitor: set CMS_PASSWORD (got "local")',
    ]);
    expect(
      loadSettings({ CMS_MODE: 'local', HOST: '127.0.0.1', TRUST_PROXY: '1', CMS_PASSWORD: 'correct horse battery' })
        .CMS_MODE,
    ).toBe('local');
  });

  it('a short CMS_PASSWORD is refused without being echoed, and one without local mode is named', () => {
    const problems = problemsOf(loadSettings, { CMS_MODE: 'local', CMS_PASSWORD: 'hunter2' });
    expect(problems).toEqual(['CMS_PASSWORD must be 12 characters or more']);
    expect(problemsOf(loadSettings, { CMS_PASSWORD: 'correct horse battery' })).toEqual([
      'CMS_PASSWORD is set but CMS_MODE is not local',
    ]);
  });

  it('github needs the repository, the App slug, its client id and secret and KEYSTATIC_SECRET', () => {
    expect(loadSettings(github)).toMatchObject({ CMS_MODE: 'github', KEYSTATIC_GITHUB_REPO: 'humanwise/website' });
    expect(problemsOf(loadSettings, { CMS_MODE: 'github' })).toEqual([
      'KEYSTATIC_GITHUB_REPO is needed when CMS_MODE=github (owner/name)',
      "PUBLIC_KEYSTATIC_GITHUB_APP_SLUG is needed when CMS_MODE=github (the GitHub App's slug)",
      'KEYSTATIC_GITHUB_CLIENT_ID is needed when CMS_MODE=github (README, "The editor: for the operator")',
      'KEYSTATIC_GITHUB_CLIENT_SECRET is needed when CMS_MODE=github (README, "The editor: for the operator")',
      'KEYSTATIC_SECRET is needed when CMS_MODE=github (README, "The editor: for the operator")',
    ]);
    const bad = problemsOf(loadSettings, {
      ...github,
      KEYSTATIC_GITHUB_REPO: 'https://github.com/humanwise/website',
      KEYSTATIC_SECRET: 'short-secret',
    });
    expect(bad).toEqual([
      'KEYSTATIC_GITHUB_REPO must be owner/name, e.g. humanwise/website (got "https://github.com/humanwise/website")',
      'KEYSTATIC_SECRET must be 32 characters or more (openssl rand -hex 32)',
    ]);
    expect(bad.join('\n')).not.toContain('short-secret');
  });

  it('the build checks the build-time half (the repository and the slug) on its own', () => {
    expect(problemsOf(loadBuildSettings, { CMS_MODE: 'github', KEYSTATIC_GITHUB_REPO: 'humanwise/website' })).toEqual([
      "PUBLIC_KEYSTATIC_GITHUB_APP_SLUG is needed when CMS_MODE=github (the GitHub App's slug)",
    ]);
    expect(loadBuildSettings({ CMS_MODE: 'local' }).CMS_MODE).toBe('local');
  });

  it('knows a loopback address', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', 'localhost.example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
