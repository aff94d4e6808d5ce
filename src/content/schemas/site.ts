import { fields, text } from './fields.ts';

/** src/content/site.json: the site's identity (read by src/config/site.ts; edited as "Site identity"). */
export const siteIdentitySchema = fields({
  /** Full company name, shown on wide screens and in titles. */
  companyName: text(),
  /** Short name, shown in the header on small screens. */
  shortName: text(),
  /** One-line description used for the organisation's JSON-LD and the footer blurb's lead. */
  tagline: text(),
});
