/**
 * `astro:content` exists only inside an Astro build. The unit tests that validate content files with
 * the content schemas (src/content/schemas) get this stand-in: a reference is a non-empty entry id
 * (Astro also checks that the entry exists, which the build does).
 */
import { z } from 'astro/zod';

export const reference = (collection: string) => z.string().min(1).describe(`reference:${collection}`);

export interface SchemaContext {
  image: () => z.ZodType;
}
