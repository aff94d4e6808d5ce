/** Page-level copy: one file per page in src/content/pages. */
import { z } from 'astro/zod';
import { alt, cta, fields, hero, icon, list, seo, text, titled } from './fields.ts';

export const homePageSchema = fields({
  seo: seo(),
  hero: fields({ eyebrow: text(), headline: text(), question: text(), pitch: text(), imageAlt: alt() }),
  statement: fields({ eyebrow: text(), title: text(), paragraphs: list(2), imageAlt: alt() }),
  approach: fields({
    eyebrow: text(),
    title: text(),
    intro: text(),
    pillars: z.array(titled().extend({ icon: icon() })).length(4),
    /** The firm's own line, shown as its principle (not as a quotation signed by itself). */
    principle: text(),
  }),
  paths: fields({ eyebrow: text(), title: text(), intro: text() }),
  // Clients as the case studies describe them (never by name), shown as text: six, two per row on phones.
  trust: fields({ title: text(), intro: text(), clients: z.array(fields({ name: text(), sector: text() })).length(6) }),
  closing: cta().extend({ notes: z.array(text()).length(2) }),
});

export const aboutPageSchema = fields({
  seo: seo(),
  hero: hero(),
  mission: fields({ title: text(), statement: text(), paragraphs: list(1) }),
  expertise: fields({ title: text(), areas: z.array(titled()).length(6) }),
  roles: fields({ title: text(), intro: text(), items: z.array(titled().extend({ subtitle: text() })).length(3) }),
  approach: fields({ title: text(), intro: text(), areas: z.array(titled()).length(6) }),
  quests: fields({ title: text(), items: z.array(titled()).length(4) }),
  reasons: fields({ title: text(), items: z.array(titled()).length(4) }),
  cta: cta(),
});

export const ciePageSchema = fields({
  seo: seo(),
  hero: hero(),
  componentsIntro: fields({ title: text(), intro: text() }),
  comparison: fields({
    title: text(),
    oldWayTitle: text(),
    newWayTitle: text(),
    rows: z.array(fields({ oldWay: text(), newWay: text() })).min(4),
  }),
  hub: fields({ badge: text(), title: text(), description: text(), features: list(3) }),
  cta: cta(),
});

export const solutionsPageSchema = fields({ seo: seo(), hero: hero(), cta: cta() });
export const resultsPageSchema = fields({
  seo: seo(),
  hero: hero(),
  /** Closes the Results page. */
  cta: cta(),
  /** Closes every case study ("Facing something similar?"). */
  caseStudyCta: cta(),
});
export const povPageSchema = fields({ seo: seo(), hero: hero() });
