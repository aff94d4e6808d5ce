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
import { z } from 'zod';
import {
  buildSettingsSchema,
  type Env,
  flag,
  httpUrl,
  parseSettings,
  secretSettings,
  trimmed,
  unset,
  wholeNumber,
} from '../config/build-settings.ts';

export {
  type BuildSettings,
  buildTimeSettingNames,
  loadBuildSettings,
  placeholderSettings,
  readEnvironment,
  SettingsError,
  secretSettings,
  settingsOrExit,
} from '../config/build-settings.ts';

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
  // Build-time (baked into the pages; src/config/build-settings.ts)
  ...buildSettingsSchema.shape,
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

secretSettings.add('DATABASE_URL');

/** Reads and validates every setting; throws a SettingsError naming each bad variable. */
export function loadSettings(env: Env = process.env): Settings {
  return parseSettings(settingsSchema, env);
}
