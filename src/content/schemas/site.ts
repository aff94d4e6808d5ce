/**
 * src/content/site.json: the site's identity, read by src/config/site.ts (also by the server, whose
 * container image carries this file and the JSON but not the other schemas: hence zod directly,
 * with the rules of ./fields.ts's `fields` and `text`). Edited as "Site identity".
 */
import { z } from 'zod';

const text = () => z.string().trim().min(1);

export const siteIdentitySchema = z
  .object({
    /** Full company name, shown on wide screens and in titles. */
    companyName: text(),
    /** Short name, shown in the header on small screens. */
    shortName: text(),
    /** One-line description used for the organisation's JSON-LD and the footer blurb's lead. */
    tagline: text(),
  })
  .strict();
