/**
 * The one place the site's identity and outbound addresses live. The identity (names, tagline) is
 * content, edited with the rest of the copy (src/content/site.json, "Site identity" in the editor).
 * The addresses come from the build-time settings (`SITE_URL`, `PUBLIC_*`, declared and validated
 * in src/server/settings.ts), whose defaults are deliberately example values a deployer replaces.
 * They are baked into the built pages: changing one needs a rebuild (README, "Configuration").
 * Browser code never imports this module: islands receive what they need as props.
 */
import identity from '../content/site.json' with { type: 'json' };
import { siteIdentitySchema } from '../content/schemas/site.ts';
import { type AnalyticsConfig, analyticsConfig, loadBuildSettings } from './build-settings.ts';

export interface SiteConfig {
  /** Full company name, shown on wide screens and in titles. */
  companyName: string;
  /** Short name, shown in the header on small screens. */
  shortName: string;
  /** One-line description used for the organisation's JSON-LD and the footer blurb's lead. */
  tagline: string;
  contactEmail: string;
  /** External page where a visitor books a discovery call (opened in a new tab). */
  bookingUrl: string;
  /** The company's page on the professional network. */
  linkedinUrl: string;
  /** Public origin of the site, used for canonical URLs, the sitemap and social cards. */
  siteUrl: string;
  /** The build's year (prerendered pages are made by the build; on-demand ones by the server it starts). */
  copyrightYear: number;
  /** The visitor-analytics service the pages report to (PUBLIC_ANALYTICS_*); undefined: none. */
  analytics: AnalyticsConfig | undefined;
  /** Whether the build carries the site editor (CMS_MODE local or github); with `off` no page names it. */
  editor: boolean;
}

type Env = Record<string, string | undefined>;

function readEnv(): Env {
  return typeof process !== 'undefined' && process.env ? process.env : {};
}

/** Throws a SettingsError (one line per bad variable) for a malformed value. */
export function loadSiteConfig(env: Env = readEnv()): SiteConfig {
  const settings = loadBuildSettings(env);
  const { companyName, shortName, tagline } = siteIdentitySchema.parse(identity);
  return {
    companyName,
    shortName,
    tagline,
    contactEmail: settings.PUBLIC_CONTACT_EMAIL,
    bookingUrl: settings.PUBLIC_BOOKING_URL,
    linkedinUrl: settings.PUBLIC_LINKEDIN_URL,
    siteUrl: settings.SITE_URL,
    copyrightYear: new Date().getFullYear(),
    analytics: analyticsConfig(settings),
    editor: settings.CMS_MODE !== 'off',
  };
}

export const site: SiteConfig = loadSiteConfig();
