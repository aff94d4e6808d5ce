/**
 * Every piece of marketing copy is data, validated here at build time. The schemas live in
 * src/content/schemas, one file per collection, built from the shared fields there. They are
 * strict: a missing, misspelt or mistyped field fails `astro build` with the file and the field
 * named, so the marketing team learns of a mistake before a visitor does. The Markdown collections'
 * loader also checks what a schema cannot see: each body, and the folder (src/content/markdown-loader.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { legalFolderProblem } from './lib/legal/legal-text.ts';
import { checkedMarkdown } from './content/markdown-loader.ts';
import { caseStudySchema } from './content/schemas/case-studies.ts';
import { cieComponentSchema } from './content/schemas/cie-components.ts';
import { legalSchema } from './content/schemas/legal.ts';
import { offerSchema } from './content/schemas/offers.ts';
import {
  aboutPageSchema,
  ciePageSchema,
  homePageSchema,
  povPageSchema,
  resultsPageSchema,
  solutionsPageSchema,
} from './content/schemas/pages.ts';
import { programSchema } from './content/schemas/programs.ts';
import { siteIdentitySchema } from './content/schemas/site.ts';
import { solutionSchema } from './content/schemas/solutions.ts';

/** The files of one folder of src/content. */
const folder = (name: string, pattern: string) => glob({ pattern, base: `./src/content/${name}` });
/** One page's copy: src/content/pages/{name}.json. */
const page = (name: string) => folder('pages', `${name}.json`);

/** The legal texts: exactly the files their routes serve (a renamed privacy policy built, then failed for every visitor). */
const legalTexts = checkedMarkdown('legal', {
  entries: (ids) => {
    const problem = legalFolderProblem(ids);
    return problem && { file: `src/content/legal/${problem.name}.md`, message: problem.message };
  },
});

/**
 * The site's identity (src/content/site.json) is read by src/config/site.ts, not queried; it is a
 * collection so that the build checks it first, as every other file, naming the file and the field.
 * Read first by a page, a mistake in it stopped the build with a ZodError and no file named, a
 * comma too many with "expected `,` or `}` at line 4 column 3" and no file either.
 */
const siteIdentity = defineCollection({
  loader: glob({ pattern: 'site.json', base: './src/content' }),
  schema: siteIdentitySchema,
});

export const collections = {
  programs: defineCollection({ loader: folder('programs', '*.json'), schema: programSchema }),
  offers: defineCollection({ loader: folder('offers', '*.json'), schema: offerSchema }),
  solutions: defineCollection({ loader: folder('solutions', '*.json'), schema: solutionSchema }),
  cieComponents: defineCollection({ loader: folder('cie-components', '*.json'), schema: cieComponentSchema }),
  caseStudies: defineCollection({ loader: checkedMarkdown('case-studies'), schema: caseStudySchema }),
  legal: defineCollection({ loader: legalTexts, schema: legalSchema }),
  homePage: defineCollection({ loader: page('home'), schema: homePageSchema }),
  aboutPage: defineCollection({ loader: page('about'), schema: aboutPageSchema }),
  ciePage: defineCollection({ loader: page('cie'), schema: ciePageSchema }),
  solutionsPage: defineCollection({ loader: page('solutions'), schema: solutionsPageSchema }),
  resultsPage: defineCollection({ loader: page('results'), schema: resultsPageSchema }),
  povPage: defineCollection({ loader: page('pov'), schema: povPageSchema }),
  siteIdentity,
};
