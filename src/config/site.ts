/**
 * The one place the site's identity and outbound addresses live.
 * URLs (and the contact address) can be overridden by environment variables at build and start;
 * the defaults are deliberately example values that a deployer replaces.
 * Browser code never imports this module: islands receive what they need as props.
 */
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
  /** RSS or Atom feed of the Point of View blog, fetched by our own server. */
  povFeedUrl: string;
  /** Public origin of the site, used for canonical URLs, the sitemap and social cards. */
  siteUrl: string;
  copyrightYear: number;
}

type Env = Record<string, string | undefined>;

function readEnv(): Env {
  return typeof process !== 'undefined' && process.env ? process.env : {};
}

function url(value: string | undefined, fallback: string, name: string): string {
  const candidate = value?.trim() || fallback;
  try {
    const parsed = new URL(candidate);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('scheme');
    return candidate.replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${candidate}"`);
  }
}

export function loadSiteConfig(env: Env = readEnv()): SiteConfig {
  return {
    companyName: 'Humanwise Innovation Partners',
    shortName: 'Humanwise',
    tagline: 'Human-centred design and AI, brought together for leaders who build what comes next.',
    contactEmail: env.PUBLIC_CONTACT_EMAIL?.trim() || 'hello@example.com',
    bookingUrl: url(
      env.PUBLIC_BOOKING_URL,
      'https://booking.example.com/humanwise/discovery-call',
      'PUBLIC_BOOKING_URL',
    ),
    linkedinUrl: url(env.PUBLIC_LINKEDIN_URL, 'https://www.linkedin.com/company/example', 'PUBLIC_LINKEDIN_URL'),
    povFeedUrl: url(env.POV_FEED_URL, 'https://blog.example.com/feed', 'POV_FEED_URL'),
    siteUrl: url(env.SITE_URL, 'https://www.example.com', 'SITE_URL'),
    copyrightYear: 2025,
  };
}

export const site: SiteConfig = loadSiteConfig();
