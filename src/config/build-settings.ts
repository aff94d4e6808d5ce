/**
 * The build-time settings: `SITE_URL` and every `PUBLIC_*` variable, baked into the built pages
 * (a change needs a rebuild). Read by src/config/site.ts, astro.config.mjs and the build steps;
 * the server's own settings (src/server/settings.ts) extend this schema, so both validate a value
 * the same way and a bad one is one line naming the variable, never a stack trace.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/** Empty strings count as unset, so `FOO=` in a file means "use the default". */
export const unset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export const wholeNumber = (min: number, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    unset,
    z.coerce
      .number({ error: `must be a whole number` })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be ${min} or more` })
      .max(max, { error: `must be ${max} or less` })
      .default(fallback),
  );

export const flag = () =>
  z.preprocess(
    (value) => unset(trimmed(typeof value === 'string' ? value.toLowerCase() : value)),
    z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .optional()
      .transform((value) => value === '1' || value === 'true'),
  );

/** An absolute http(s) URL without its trailing slash; with a fallback it is never undefined. */
export function httpUrl(fallback: string): z.ZodType<string>;
export function httpUrl(): z.ZodType<string | undefined>;
export function httpUrl(fallback?: string): z.ZodType<string | undefined> {
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

export const email = (fallback: string) =>
  z.preprocess(
    (value) => unset(trimmed(value)),
    z.email({ error: (issue) => `must be an e-mail address, got "${String(issue.input)}"` }).default(fallback),
  );

// --- Observability: visitor analytics (issue 23), build-time because the pages carry them ---
/** Hosted Plausible; Umami has no single public origin, so it must be named. */
const PLAUSIBLE_ORIGIN = 'https://plausible.io';

/** An origin only (scheme, host, port): where the analytics service takes events. */
const analyticsOrigin = z.preprocess(
  (value) => unset(trimmed(value)),
  z
    .string()
    .transform((value, ctx) => {
      try {
        const url = new URL(value);
        if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '')) {
          return url.origin;
        }
      } catch {
        // reported below
      }
      ctx.addIssue({
        code: 'custom',
        message: `must be an origin such as https://plausible.example.org, got "${value}"`,
      });
      return z.NEVER;
    })
    .optional(),
);

const analyticsSettings = {
  /** plausible, umami, or unset: no analytics at all (nothing loaded, nothing sent). */
  PUBLIC_ANALYTICS_PROVIDER: z.preprocess(
    (value) => unset(trimmed(typeof value === 'string' ? value.toLowerCase() : value)),
    z.enum(['plausible', 'umami'], { error: 'must be plausible or umami (or empty for none)' }).optional(),
  ),
  /** Plausible: the site's domain as registered there. Umami: the website id (a UUID). */
  PUBLIC_ANALYTICS_SITE: z.preprocess((value) => unset(trimmed(value)), z.string().optional()),
  /** The service's origin, for a self-hosted instance (Plausible's default: https://plausible.io). */
  PUBLIC_ANALYTICS_ORIGIN: analyticsOrigin,
};

/** The analytics settings that only make sense together (used by both settings modules). */
export function checkAnalyticsSettings(
  value: {
    PUBLIC_ANALYTICS_PROVIDER?: string | undefined;
    PUBLIC_ANALYTICS_SITE?: string | undefined;
    PUBLIC_ANALYTICS_ORIGIN?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const { PUBLIC_ANALYTICS_PROVIDER: provider, PUBLIC_ANALYTICS_SITE: site } = value;
  if (!provider) {
    if (site || value.PUBLIC_ANALYTICS_ORIGIN)
      need(
        'PUBLIC_ANALYTICS_PROVIDER',
        'must be plausible or umami when PUBLIC_ANALYTICS_SITE or PUBLIC_ANALYTICS_ORIGIN is set',
      );
    return;
  }
  if (!site)
    need(
      'PUBLIC_ANALYTICS_SITE',
      `is needed with PUBLIC_ANALYTICS_PROVIDER=${provider} (${provider === 'plausible' ? "the site's domain in Plausible" : 'the website id Umami gives'})`,
    );
  else if (
    provider === 'plausible' &&
    !/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i.test(site)
  ) {
    need(
      'PUBLIC_ANALYTICS_SITE',
      `must be the domain registered in Plausible, such as www.humanwise.co, got "${site}"`,
    );
  } else if (provider === 'umami' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(site)) {
    need('PUBLIC_ANALYTICS_SITE', `must be the website id Umami gives (a UUID), got "${site}"`);
  }
  if (provider === 'umami' && !value.PUBLIC_ANALYTICS_ORIGIN) {
    need('PUBLIC_ANALYTICS_ORIGIN', "is needed with Umami: your instance's origin, such as https://umami.example.org");
  }
}
// --- end of Observability ---

export const buildSettingsSchema = z.object({
  SITE_URL: httpUrl('https://www.example.com'),
  PUBLIC_BOOKING_URL: httpUrl('https://booking.example.com/humanwise/discovery-call'),
  PUBLIC_LINKEDIN_URL: httpUrl('https://www.linkedin.com/company/example'),
  PUBLIC_CONTACT_EMAIL: email('hello@example.com'),
  // --- CMS (issue 22): whether the build carries the editor, and where it saves (src/cms) ---
  /** off: no editor in the build; local: it writes this server's files; github: it commits to the repository. */
  CMS_MODE: z.preprocess(
    (value) => unset(trimmed(typeof value === 'string' ? value.toLowerCase() : value)),
    z.enum(['off', 'local', 'github'], { error: 'must be off, local or github' }).default('off'),
  ),
  /** github mode: the site's repository as owner/name, where the editor commits. */
  KEYSTATIC_GITHUB_REPO: z.preprocess(
    (value) => unset(trimmed(value)),
    z
      .string()
      .regex(/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/, { error: 'must be owner/name, e.g. humanwise/website' })
      .optional(),
  ),
  /** github mode: the GitHub App's slug (the last part of its github.com/apps/ address); the editor links to it. */
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: z.preprocess(
    (value) => unset(trimmed(value)),
    z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: 'must be the App slug, lower-case letters, digits and -' })
      .optional(),
  ),
  // --- end CMS ---
  ...analyticsSettings,
});

/** The CMS settings that only make sense together (used by the build and by the server's checks). */
export function checkCmsBuildSettings(
  value: Pick<BuildSettings, 'CMS_MODE' | 'KEYSTATIC_GITHUB_REPO' | 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG'>,
  need: (name: 'KEYSTATIC_GITHUB_REPO' | 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG', message: string) => void,
): void {
  if (value.CMS_MODE !== 'github') return;
  if (!value.KEYSTATIC_GITHUB_REPO) need('KEYSTATIC_GITHUB_REPO', 'is needed when CMS_MODE=github (owner/name)');
  if (!value.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG) {
    need('PUBLIC_KEYSTATIC_GITHUB_APP_SLUG', "is needed when CMS_MODE=github (the GitHub App's slug)");
  }
}

export type BuildSettings = z.output<typeof buildSettingsSchema>;
export type BuildTimeSettingName = keyof typeof buildSettingsSchema.shape;
export const buildTimeSettingNames = Object.keys(buildSettingsSchema.shape) as BuildTimeSettingName[];

/** Settings whose values may hold credentials: a bad one is named, never echoed. */
export const secretSettings = new Set<string>();

export class SettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid settings: ${problems.join('; ')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/** Validates `env` against a settings schema; throws a SettingsError naming each bad variable. */
export function parseSettings<Schema extends z.ZodType>(schema: Schema, env: Env): z.output<Schema> {
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

/** Reads and validates the build-time settings only (the build needs no database). */
export function loadBuildSettings(env: Env = process.env): BuildSettings {
  const checked = buildSettingsSchema.superRefine((value, ctx) => {
    checkAnalyticsSettings(value, ctx);
    checkCmsBuildSettings(value, (name, message) => ctx.addIssue({ code: 'custom', path: [name], message }));
  });
  return parseSettings(checked, env);
}

/** The analytics service the pages report to, or undefined when none is configured. */
export interface AnalyticsConfig {
  provider: 'plausible' | 'umami';
  /** Plausible's domain or Umami's website id. */
  site: string;
  /** Where events go: `${origin}/api/event` (Plausible) or `${origin}/api/send` (Umami). */
  origin: string;
}

export function analyticsConfig(settings: BuildSettings): AnalyticsConfig | undefined {
  const { PUBLIC_ANALYTICS_PROVIDER: provider, PUBLIC_ANALYTICS_SITE: site } = settings;
  if (!provider || !site) return undefined;
  const origin = settings.PUBLIC_ANALYTICS_ORIGIN ?? (provider === 'plausible' ? PLAUSIBLE_ORIGIN : undefined);
  return origin ? { provider, site, origin } : undefined;
}

/**
 * The environment, with `./.env` (in the working directory) loaded first when it exists, through
 * Node's own parser. Variables already set in the environment win over the file.
 */
function readEnvironment(file = '.env'): Env {
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
