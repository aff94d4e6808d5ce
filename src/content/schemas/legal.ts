import { fields, seo, text } from './fields.ts';

/** The frontmatter of src/content/legal/*.md. */
export const legalSchema = fields({ title: text(), seo: seo() });
