/**
 * The server's settings: every environment variable the server reads, validated once at start-up.
 *
 * One schema, keyed by the variable's own name, so the README's table, `.env.example` and this
 * module can be checked against each other. A bad value stops the server with one line per bad
 * variable (never a stack trace). Build-time settings (`SITE_URL`, `PUBLIC_*`) are baked into the
 * built pages: src/config/site.ts reads them through `loadBuildSettings`, the build records them in
 * its stamp, and the server refuses to serve a build made with other values.
 *
 * Each issue that adds a setting adds it here, to `.env.example` and to the README's table
 * (tests/unit/config/settings-docs.test.ts checks that the three agree).
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';

type Env = Record<string, string | undefined>;

/** Empty strings count as unset, so `FOO=` in a file means "use the default". */
const unset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const wholeNumber = (min: number, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    unset,
    z.coerce
      .number({ error: `must be a whole number` })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be ${min} or more` })
      .max(max, { error: `must be ${max} or less` })
      .default(fallback),
  );

const flag = () =>
  z.preprocess(
    (value) => unset(trimmed(typeof value === 'string' ? value.toLowerCase() : value)),
    z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .optional()
      .transform((value) => value === '1' || value === 'true'),
  );

/** An absolute http(s) URL without its trailing slash; with a fallback it is never undefined. */
function httpUrl(fallback: string): z.ZodType<string>;
function httpUrl(): z.ZodType<string | undefined>;
function httpUrl(fallback?: string): z.ZodType<string | undefined> {
  const url = z.string().transform((value, ctx) => {
    try {
      const parsed = new URL(value);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value.replace(/\/$/, '');
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: `must be an absolute http(s) URL, got "${value}"` });
    return z.NEVER;
  });
  return z.preprocess(
    (value) => unset(trimmed(value)),
    fallback === undefined ? url.optional() : url.default(fallback),
  );
}

const email = (fallback: string) =>
  z.preprocess(
    (value) => unset(trimmed(value)),
    z.email({ error: (issue) => `must be an e-mail address, got "${String(issue.input)}"` }).default(fallback),
  );

const postgresUrl = z.preprocess(
  (value) => unset(trimmed(value)),
  z
    .string()
    .refine(
      (value) => {
        try {
          return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { error: 'must be a postgres:// or postgresql:// URL' },
    )
    .optional(),
);

export const settingsSchema = z.object({
  // HTTP
  PORT: wholeNumber(1, 4321, 65_535),
  HOST: z.preprocess((value) => unset(trimmed(value)), z.string().default('localhost')),
  TRUST_PROXY: flag(),
  LOG_LEVEL: z.preprocess(
    (value) => unset(trimmed(value)),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  ENABLE_FAILURE_ROUTE: flag(),
  // Build-time (baked into the pages; see src/config/site.ts)
  SITE_URL: httpUrl('https://www.example.com'),
  PUBLIC_BOOKING_URL: httpUrl('https://booking.example.com/humanwise/discovery-call'),
  PUBLIC_LINKEDIN_URL: httpUrl('https://www.linkedin.com/company/example'),
  PUBLIC_CONTACT_EMAIL: email('hello@example.com'),
  // Point of View feed
  POV_FEED_URL: httpUrl('https://blog.example.com/feed'),
  POV_CACHE_SECONDS: wholeNumber(0, 900),
  // Lead store
  SQLITE_PATH: z.preprocess((value) => unset(trimmed(value)), z.string().default('./data/leads.sqlite')),
  DATABASE_URL: postgresUrl,
  PG_POOL_MAX: wholeNumber(1, 10),
  // Waiting list
  WAITLIST_RATE_LIMIT: wholeNumber(0, 5),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingName = keyof typeof settingsSchema.shape;
export const settingNames = Object.keys(settingsSchema.shape) as SettingName[];

/** Settings whose values may hold credentials: a bad one is named, never echoed. */
export const secretSettings = new Set<string>(['DATABASE_URL']);

/**
 * Settings baked into the built pages: a change needs a rebuild. By rule (`SITE_URL` and every
 * `PUBLIC_*`), so a setting added later is covered without a second list.
 */
export type BuildTimeSettingName = Extract<SettingName, 'SITE_URL' | `PUBLIC_${string}`>;
export const buildTimeSettingNames = settingNames.filter(
  (name): name is BuildTimeSettingName => name === 'SITE_URL' || name.startsWith('PUBLIC_'),
);
export type BuildSettings = Pick<Settings, BuildTimeSettingName>;

export class SettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid settings: ${problems.join('; ')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/** Reads and validates every setting; throws a SettingsError naming each bad variable. */
export function loadSettings(env: Env = process.env): Settings {
  return parse(settingsSchema, env);
}

/** Reads and validates the build-time settings only (the build needs no database). */
export function loadBuildSettings(env: Env = process.env): BuildSettings {
  const mask = Object.fromEntries(buildTimeSettingNames.map((name) => [name, true])) as {
    [Name in BuildTimeSettingName]: true;
  };
  return parse(settingsSchema.pick(mask), env);
}

function parse<Schema extends z.ZodType>(schema: Schema, env: Env): z.output<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'settings');
    const raw = env[name];
    const echo = raw !== undefined && !secretSettings.has(name) && !issue.message.includes('got');
    return `${name} ${issue.message}${echo ? ` (got "${raw}")` : ''}`;
  });
  throw new SettingsError(problems);
}

/**
 * The environment, with `./.env` (in the working directory) loaded first when it exists, through
 * Node's own parser. Variables already set in the environment win over the file.
 */
export function readEnvironment(file = '.env'): Env {
  if (existsSync(file)) process.loadEnvFile(file);
  return process.env;
}

/**
 * For a command's start-up: the settings, or one line per bad variable on stderr and exit 1.
 * `load` is `loadSettings` or `loadBuildSettings`.
 */
export function settingsOrExit<T>(load: (env: Env) => T, env: Env = readEnvironment()): T {
  try {
    return load(env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    for (const problem of error.problems) console.error(`Setting error: ${problem}`);
    process.exit(1);
  }
}

const EXAMPLE_DOMAIN = /(^|[.@])example\.com$/i;

/**
 * Settings still holding the example placeholders (an example.com address or URL, or a page named
 * `example` such as the default LinkedIn page), so a deploy never ships `hello@example.com` by
 * accident. Returns the variable names.
 */
export function placeholderSettings(settings: Partial<Record<string, unknown>>): string[] {
  return Object.entries(settings)
    .filter(([, value]) => typeof value === 'string' && isExampleValue(value))
    .map(([name]) => name);
}

function isExampleValue(value: string): boolean {
  if (value.includes('@') && !value.includes('/')) return EXAMPLE_DOMAIN.test(value.trim());
  try {
    const url = new URL(value);
    return EXAMPLE_DOMAIN.test(url.hostname) || url.pathname.split('/').includes('example');
  } catch {
    return false;
  }
}
