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
 * (tests/unit/server/settings-docs.test.ts checks that the three agree).
 */
import { z } from 'zod';
import {
  buildSettingsSchema,
  checkAnalyticsSettings,
  checkCmsBuildSettings,
  type Env,
  flag,
  httpUrl,
  parseSettings,
  secretSettings,
  trimmed,
  unset,
  wholeNumber,
} from '../config/build-settings.ts';
import { hostOfEntry } from './http/cross-site.ts';

export {
  buildTimeSettingNames,
  loadBuildSettings,
  placeholderSettings,
  SettingsError,
  settingsOrExit,
} from '../config/build-settings.ts';

/** A comma-separated list of hosts (or origins, whose host is kept), e.g. `www.example.com, example.com`. */
const hostList = () =>
  z.preprocess(
    unset,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const hosts: string[] = [];
        for (const entry of (value ?? '').split(',')) {
          if (entry.trim() === '') continue;
          const host = hostOfEntry(entry);
          if (host) hosts.push(host);
          else
            ctx.addIssue({ code: 'custom', message: `must list hosts such as www.example.com, got "${entry.trim()}"` });
        }
        return hosts;
      }),
  );

/** A setting that may be left blank (then undefined); otherwise trimmed and validated by `schema`. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => unset(trimmed(value)), schema.optional());

/** A URL whose protocol is one of `protocols` and that passes `check`; anything else gets `error`. */
const urlWith = (protocols: readonly string[], error: string, check: (url: URL) => boolean = () => true) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && check(url);
      } catch {
        return false;
      }
    },
    { error },
  );

const postgresUrl = optional(urlWith(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'));

/** An SMTP connection URL for nodemailer: smtp:// (STARTTLS when offered) or smtps:// (implicit TLS). */
const smtpUrl = optional(
  urlWith(
    ['smtp:', 'smtps:'],
    'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587',
    (url) => url.hostname !== '',
  ),
);

const emailAddress = z.email({ error: 'must be an e-mail address' });

/** One or more e-mail addresses, comma-separated. */
const emailList = optional(
  z.string().transform((value, ctx) => {
    const list = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const bad = list.filter((address) => !emailAddress.safeParse(address).success);
    if (list.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be one or more e-mail addresses separated by commas, got "${value}"`,
      });
      return z.NEVER;
    }
    return list;
  }),
);

/** Where leads are posted. Its value is never echoed: such URLs often carry a token. */
const webhookUrl = optional(urlWith(['http:', 'https:'], 'must be an absolute http(s) URL'));

/** A Standard Webhooks signing secret: "whsec_" followed by base64 (at least 24 bytes). */
const webhookSecret = optional(
  z.string().refine(
    (value) => {
      const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
      return match?.[1] !== undefined && match[1].length % 4 === 0 && Buffer.from(match[1], 'base64').length >= 24;
    },
    {
      error: 'must be "whsec_" followed by a base64 key of 24 bytes or more (e.g. whsec_ + `openssl rand -base64 32`)',
    },
  ),
);

const settingsSchema = z.object({
  // HTTP
  PORT: wholeNumber(1, 4321, 65_535),
  HOST: z.preprocess((value) => unset(trimmed(value)), z.string().default('localhost')),
  TRUST_PROXY: flag(),
  LOG_LEVEL: z.preprocess(
    (value) => unset(trimmed(value)),
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
  ),
  ENABLE_FAILURE_ROUTE: flag(),
  /** Other sites' hosts whose pages may post to ours (our own host and SITE_URL's always may). */
  ALLOWED_ORIGINS: hostList(),
  // Build-time (baked into the pages; src/config/build-settings.ts)
  ...buildSettingsSchema.shape,
  // Point of View feed
  POV_FEED_URL: httpUrl('https://blog.example.com/feed'),
  POV_CACHE_SECONDS: wholeNumber(0, 900),
  /** Test-only: `1` lets the feed reader connect to loopback and private addresses (local fixtures). */
  POV_FEED_ALLOW_PRIVATE: flag(),
  // Lead store
  SQLITE_PATH: z.preprocess((value) => unset(trimmed(value)), z.string().default('./data/leads.sqlite')),
  DATABASE_URL: postgresUrl,
  PG_POOL_MAX: wholeNumber(1, 10),
  // Waiting list
  WAITLIST_RATE_LIMIT: wholeNumber(0, 5),
  // Lead delivery (each channel is off until configured) and retention
  SMTP_URL: smtpUrl,
  LEADS_NOTIFY_EMAIL: emailList,
  LEADS_FROM_EMAIL: optional(emailAddress),
  LEADS_WEBHOOK_URL: webhookUrl,
  LEADS_WEBHOOK_SECRET: webhookSecret,
  LEADS_CONFIRM_VISITOR: flag(),
  // Bounded (100 years): a larger value passed validation and then broke the purge's date arithmetic.
  LEADS_RETENTION_DAYS: wholeNumber(1, 730, 36_500),
  // Test-only: retries after 0.2-1.6 s, a 3 s lease and a 2 s send timeout, so the reliability
  // suite sees a whole backoff in seconds. Never set it in production.
  LEADS_DELIVERY_FAST: flag(),
  // Security (issue 24): limits on what the public form can make the server send.
  /** Visitor confirmations sent site-wide per hour; beyond it leads are stored and delivered, not confirmed. */
  LEADS_CONFIRM_MAX_PER_HOUR: wholeNumber(1, 30, 10_000),
  // --- Observability (issue 23: operator metrics, alerts, visitor analytics) ---
  /** Bearer token Prometheus sends for GET /metrics; unset: no /metrics at all (404). */
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{24,}$/, {
      error: 'must be at least 24 characters without spaces (e.g. `openssl rand -hex 32`)',
    }),
  ),
  // --- end of Observability ---
  // --- CMS (issue 22; CMS_MODE and the other build-time ones are in src/config/build-settings.ts) ---
  /** local mode: the editor's password (12 characters or more). Secret. */
  CMS_PASSWORD: optional(z.string().min(12, { error: 'must be 12 characters or more' })),
  /** github mode: the GitHub App's OAuth client id, client secret, and the key Keystatic signs its cookies with. */
  KEYSTATIC_GITHUB_CLIENT_ID: optional(z.string()),
  KEYSTATIC_GITHUB_CLIENT_SECRET: optional(z.string()),
  KEYSTATIC_SECRET: optional(z.string().min(32, { error: 'must be 32 characters or more (openssl rand -hex 32)' })),
  // --- end CMS ---
});

/** Settings that only make sense together. */
const checkedSchema = settingsSchema.superRefine((value, ctx) => {
  checkAnalyticsSettings(value, ctx);
  const need = (name: SettingName, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (value.LEADS_NOTIFY_EMAIL && !value.SMTP_URL) need('LEADS_NOTIFY_EMAIL', 'needs SMTP_URL to send through');
  if (value.LEADS_CONFIRM_VISITOR && !value.SMTP_URL) need('LEADS_CONFIRM_VISITOR', 'needs SMTP_URL to send through');
  if (value.SMTP_URL && !value.LEADS_NOTIFY_EMAIL && !value.LEADS_CONFIRM_VISITOR) {
    need('SMTP_URL', 'is set but nobody is mailed: set LEADS_NOTIFY_EMAIL (the team) or LEADS_CONFIRM_VISITOR=1');
  }
  if (value.LEADS_WEBHOOK_URL && !value.LEADS_WEBHOOK_SECRET) {
    need('LEADS_WEBHOOK_URL', 'needs LEADS_WEBHOOK_SECRET to sign with');
  }
  if (value.LEADS_WEBHOOK_SECRET && !value.LEADS_WEBHOOK_URL) {
    need('LEADS_WEBHOOK_SECRET', 'is set but LEADS_WEBHOOK_URL is not');
  }
  checkCmsSettings(value, need);
});

/** The CMS settings that only make sense together (issue 22). */
function checkCmsSettings(value: Settings, need: (name: SettingName, message: string) => void) {
  checkCmsBuildSettings(value, need);
  if (value.CMS_MODE === 'local') {
    if (value.DATABASE_URL) {
      need(
        'CMS_MODE',
        'is local, which edits and rebuilds on this one server, but DATABASE_URL means several instances: use CMS_MODE=github',
      );
    }
    if (!value.CMS_PASSWORD && !isLoopbackHost(value.HOST)) {
      need(
        'CMS_MODE',
        `is local without CMS_PASSWORD, which is allowed only when HOST is a loopback address (got "${value.HOST}")`,
      );
    } else if (!value.CMS_PASSWORD && value.TRUST_PROXY) {
      // A proxy on this machine passes everyone's requests to a loopback HOST: the editor with them.
      need(
        'CMS_MODE',
        'is local without CMS_PASSWORD behind a proxy (TRUST_PROXY=1), which would open the editor to every visitor: set CMS_PASSWORD',
      );
    }
  }
  if (value.CMS_MODE === 'github') {
    for (const name of ['KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET'] as const) {
      if (!value[name]) need(name, 'is needed when CMS_MODE=github (README, "The editor: for the operator")');
    }
  }
  if (value.CMS_MODE !== 'local' && value.CMS_PASSWORD) need('CMS_PASSWORD', 'is set but CMS_MODE is not local');
}

/** An address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

export type Settings = z.output<typeof settingsSchema>;
export type SettingName = keyof typeof settingsSchema.shape;
export const settingNames = Object.keys(settingsSchema.shape) as SettingName[];

for (const name of [
  'DATABASE_URL',
  'SMTP_URL',
  // A webhook URL often carries its own token (Zapier, Make, Slack workflows).
  'LEADS_WEBHOOK_URL',
  'LEADS_WEBHOOK_SECRET',
  'METRICS_TOKEN',
  'CMS_PASSWORD',
  'KEYSTATIC_GITHUB_CLIENT_SECRET',
  'KEYSTATIC_SECRET',
]) {
  secretSettings.add(name);
}

/**
 * Settings that exist for the test suites only (README: "Test-only ... Never set it in production"):
 * a failing page on purpose, a feed reader that may reach private addresses, deliveries given up
 * after a minute. `npm run check:deploy` fails when any is on.
 */
export const testOnlySettings = ['ENABLE_FAILURE_ROUTE', 'POV_FEED_ALLOW_PRIVATE', 'LEADS_DELIVERY_FAST'] as const;

/** Reads and validates every setting; throws a SettingsError naming each bad variable. */
export function loadSettings(env: Env = process.env): Settings {
  return parseSettings(checkedSchema, env);
}
