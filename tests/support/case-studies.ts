/**
 * The case studies as the tests expect them, read from the Markdown files themselves
 * (astro:content only exists inside an Astro build).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export interface CaseStudyFrontmatter {
  title: string;
  description: string;
  category: string;
  image: string;
  imageAlt: string;
  client: string;
  industry: string;
  duration?: string;
  highlights?: { value: string; label: string }[];
  order: number;
  seo: { title: string; description: string };
}

export interface CaseStudyFile {
  name: string;
  data: CaseStudyFrontmatter;
  body: string;
  source: string;
}

export const caseStudiesFolder = resolve(import.meta.dirname, '../../src/content/case-studies');

/** Every study, in display order. */
export function readCaseStudies(): CaseStudyFile[] {
  return readdirSync(caseStudiesFolder)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const source = readFileSync(join(caseStudiesFolder, file), 'utf8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
      if (!match) throw new Error(`${file} has no frontmatter`);
      return {
        name: file.replace(/\.md$/, ''),
        data: parse(match[1]!) as CaseStudyFrontmatter,
        body: match[2]!,
        source,
      };
    })
    .sort((a, b) => a.data.order - b.data.order);
}

/** The six categories in the order the filter lists them. */
export const filterCategories = ['Healthcare', 'Insurance', 'Retail', 'Employee Experience', 'Training', 'Automotive'];
