/**
 * A case study's dates, as the schema reads them (src/content/schemas): only as the editor writes
 * them, and a wrong one said once, without the rule that compares the two dates said as well.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SchemaContext } from 'astro:content';
import { parseFrontmatter } from 'astro/markdown';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { caseStudySchema } from '../../../src/content/schemas/case-studies.ts';

const schema = caseStudySchema({ image: () => z.string() } as unknown as SchemaContext);
const stella = parseFrontmatter(
  readFileSync(resolve(import.meta.dirname, '../../../src/content/case-studies/stella.md'), 'utf8'),
).frontmatter as Record<string, unknown>;
const problems = (change: Record<string, unknown>) => {
  const result = schema.safeParse({ ...stella, ...change });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('a case study’s dates', () => {
  it('are read as YAML’s dates or the same in quotes', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ published: '2026-02-10', updated: '2026-11-22' })).toEqual([]);
  });

  it('refuse any other spelling, and a day the month does not have, once each', () => {
    for (const published of ['10/02/2026', 'February 10, 2026', '2026-2-10', '2026-02-30']) {
      expect(problems({ published }), published).toEqual([
        'published: must be a date written as year-month-day, e.g. 2026-02-10',
      ]);
    }
  });

  it('keep the revision no earlier than the publication', () => {
    expect(problems({ updated: new Date('2001-01-01') })).toEqual([
      'updated: updated must not be earlier than published',
    ]);
  });
});
