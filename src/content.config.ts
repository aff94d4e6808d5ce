/**
 * Every piece of marketing copy is data, validated here at build time.
 * Schemas are strict: a missing, misspelt or mistyped field fails `astro build`
 * with the file and the field named, so the marketing team learns of a mistake
 * before a visitor does.
 */
import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { topicIconNames } from './components/icons/Icon.tsx';
import { caseStudyCategoryOrder } from './lib/case-studies/categories.ts';

const text = () => z.string().trim().min(1);
const list = (min = 1) => z.array(text()).min(min);
const seo = () =>
  z
    .object({
      title: text().max(70),
      description: text().min(50).max(170),
    })
    .strict();

/** The topic icons a content file may name: the keys of the icon map in src/components/icons/Icon.tsx. */
const icon = () => z.enum(topicIconNames);

const programs = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/programs' }),
  schema: ({ image }) =>
    z
      .object({
        order: z.number().int().min(1),
        /** Label in the Programs menu, e.g. "Small Business Owners". */
        audience: text(),
        /** Employee-size band, e.g. "10-100 employees". */
        sizeBand: text(),
        card: z
          .object({
            id: z.enum(['small-business', 'middle-market', 'corporate']),
            title: text(),
            subtitle: text(),
            tagline: text(),
            description: text(),
            highlights: z.array(text()).length(3),
          })
          .strict(),
        title: text(),
        tagline: text(),
        image: image(),
        imageAlt: z.string(),
        pain: z.object({ title: text(), points: list(3) }).strict(),
        value: z.object({ title: text(), description: text(), outcomes: list(3) }).strict(),
        clarity: z.object({ isTitle: text(), isFor: list(3), isNotTitle: text(), isNotFor: list(3) }).strict(),
        cta: z.object({ headline: text(), subtext: text(), note: text() }).strict(),
        offer: reference('offers'),
        seo: seo(),
      })
      .strict(),
});

const offers = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/offers' }),
  schema: ({ image }) =>
    z
      .object({
        name: text(),
        program: reference('programs'),
        durationWeeks: z.union([z.literal(8), z.literal(12)]),
        eyebrow: text(),
        tagline: text(),
        summary: text(),
        image: image(),
        imageAlt: z.string(),
        /** Headline figures, e.g. { value: "5-10 hours", label: "saved per week" }. */
        claims: z
          .array(z.object({ value: text(), label: text() }).strict())
          .min(2)
          .max(4),
        phases: z
          .array(
            z
              .object({
                weeks: z.string().regex(/^Weeks \d+-\d+$/, 'must read like "Weeks 1-2"'),
                title: text(),
                description: text(),
                activities: list(3),
              })
              .strict(),
          )
          .length(3),
        achievements: z.object({ title: text(), items: list(4) }).strict(),
        whyItWorks: z
          .object({
            title: text(),
            points: z.array(z.object({ title: text(), description: text() }).strict()).min(3),
          })
          .strict(),
        guarantee: z
          .object({ days: z.union([z.literal(30), z.literal(60), z.literal(90)]), title: text(), description: text() })
          .strict(),
        testimonial: z.object({ quote: text(), name: text(), role: text() }).strict(),
        cta: z.object({ headline: text(), subtext: text() }).strict(),
        seo: seo(),
      })
      .strict(),
});

const solutions = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/solutions' }),
  schema: ({ image }) =>
    z
      .object({
        order: z.number().int().min(1),
        icon: icon(),
        title: text(),
        headline: text(),
        description: text(),
        additionalInfo: text(),
        idealFor: text(),
        image: image(),
        imageAlt: z.string(),
        comingSoon: z.boolean().optional(),
        /** Internal page with more detail, e.g. "/cie". */
        link: z.string().startsWith('/').optional(),
      })
      .strict(),
});

const cieComponents = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/cie-components' }),
  schema: z
    .object({
      order: z.number().int().min(1),
      title: text(),
      purpose: text(),
      withIt: list(2),
      withoutIt: list(2),
      quote: text(),
      quoteAttribution: text(),
      icon: icon(),
    })
    .strict(),
});

const caseStudies = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/case-studies' }),
  schema: ({ image }) =>
    z
      .object({
        title: text(),
        /** One or two sentences for the Results card. */
        description: text().max(240),
        category: z.enum(caseStudyCategoryOrder),
        image: image(),
        imageAlt: text(),
        /** Generic client descriptor, never a company name: "A global healthcare company". */
        client: text(),
        industry: text(),
        duration: text().optional(),
        /** Short headline outcomes shown as facts under the hero. */
        highlights: z
          .array(z.object({ value: text(), label: text() }).strict())
          .max(4)
          .default([]),
        order: z.number().int().min(1),
        seo: seo(),
      })
      .strict(),
});

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: z.object({ title: text(), seo: seo() }).strict(),
});

/* Page-level copy: one file per page in src/content/pages. */
const pageCollection = <T extends z.ZodType>(name: string, schema: T) =>
  defineCollection({ loader: glob({ pattern: `${name}.json`, base: './src/content/pages' }), schema });

const cta = () => z.object({ headline: text(), subtext: text() }).strict();

const homePage = pageCollection(
  'home',
  z
    .object({
      seo: seo(),
      hero: z
        .object({ eyebrow: text(), headline: text(), question: text(), pitch: text(), imageAlt: z.string() })
        .strict(),
      statement: z.object({ eyebrow: text(), title: text(), paragraphs: list(2), imageAlt: z.string() }).strict(),
      approach: z
        .object({
          eyebrow: text(),
          title: text(),
          intro: text(),
          pillars: z.array(z.object({ title: text(), description: text(), icon: icon() }).strict()).length(4),
          quote: text(),
          quoteAttribution: text(),
        })
        .strict(),
      paths: z.object({ eyebrow: text(), title: text(), intro: text() }).strict(),
      trust: z.object({ title: text(), intro: text(), logosAlt: text() }).strict(),
      closing: z.object({ headline: text(), subtext: text(), notes: z.array(text()).length(2) }).strict(),
    })
    .strict(),
);

const aboutPage = pageCollection(
  'about',
  z
    .object({
      seo: seo(),
      hero: z.object({ eyebrow: text(), title: text(), intro: text() }).strict(),
      mission: z.object({ title: text(), statement: text(), paragraphs: list(1) }).strict(),
      expertise: z
        .object({ title: text(), areas: z.array(z.object({ title: text(), description: text() }).strict()).length(6) })
        .strict(),
      roles: z
        .object({
          title: text(),
          intro: text(),
          items: z.array(z.object({ title: text(), subtitle: text(), description: text() }).strict()).length(3),
        })
        .strict(),
      approach: z
        .object({
          title: text(),
          intro: text(),
          areas: z.array(z.object({ title: text(), description: text() }).strict()).length(6),
        })
        .strict(),
      quests: z
        .object({ title: text(), items: z.array(z.object({ title: text(), description: text() }).strict()).length(4) })
        .strict(),
      reasons: z
        .object({ title: text(), items: z.array(z.object({ title: text(), description: text() }).strict()).length(4) })
        .strict(),
      cta: cta(),
    })
    .strict(),
);

const ciePage = pageCollection(
  'cie',
  z
    .object({
      seo: seo(),
      hero: z.object({ eyebrow: text(), title: text(), intro: text() }).strict(),
      componentsIntro: z.object({ title: text(), intro: text() }).strict(),
      comparison: z
        .object({
          title: text(),
          oldWayTitle: text(),
          newWayTitle: text(),
          rows: z.array(z.object({ oldWay: text(), newWay: text() }).strict()).min(4),
        })
        .strict(),
      hub: z.object({ badge: text(), title: text(), description: text(), features: list(3) }).strict(),
      cta: cta(),
    })
    .strict(),
);

const solutionsPage = pageCollection(
  'solutions',
  z
    .object({
      seo: seo(),
      hero: z.object({ eyebrow: text(), title: text(), intro: text() }).strict(),
      cta: cta(),
    })
    .strict(),
);

const resultsPage = pageCollection(
  'results',
  z.object({ seo: seo(), hero: z.object({ eyebrow: text(), title: text(), intro: text() }).strict() }).strict(),
);

const povPage = pageCollection(
  'pov',
  z
    .object({
      seo: seo(),
      hero: z.object({ eyebrow: text(), title: text(), intro: text() }).strict(),
    })
    .strict(),
);

export const collections = {
  programs,
  offers,
  solutions,
  cieComponents,
  caseStudies,
  legal,
  homePage,
  aboutPage,
  ciePage,
  solutionsPage,
  resultsPage,
  povPage,
};
