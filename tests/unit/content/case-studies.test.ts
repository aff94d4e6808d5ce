import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseStudyCategoryOrder, categoriesInUse } from '../../../src/lib/case-studies/categories.ts';
import { caseStudiesFolder, readCaseStudies } from '../../support/case-studies.ts';

const studies = readCaseStudies();

/** Exactly the names and categories of the spec (product-spec.md, section 2; issue 4). */
const specNames = [
  'volunteering',
  'patient-experience',
  'emerging-tech',
  'insurance-concept',
  'diabetes',
  'mall-future',
  'employee-experience',
  'design-thinking',
  'patient-segmentation',
  'mobile-health-teens',
  'roche-rpm',
  'ford-av',
  'cdp',
  'stella',
  'roche-lungflag',
  'hybrid-meetings',
  'associate-tech-experience',
];
const specCategories = ['Healthcare', 'Insurance', 'Retail', 'Employee Experience', 'Training', 'Automotive'];

describe('case studies as content', () => {
  it('are exactly the 17 names of the spec', () => {
    expect(studies).toHaveLength(17);
    expect(studies.map((study) => study.name).sort()).toEqual([...specNames].sort());
  });

  it('use exactly the six categories, each at least once', () => {
    const used = new Set(studies.map((study) => study.data.category));
    expect([...used].sort()).toEqual([...specCategories].sort());
    for (const category of specCategories) {
      expect(studies.filter((study) => study.data.category === category).length, category).toBeGreaterThanOrEqual(1);
    }
  });

  it('line the filter up in the canonical order, all six present', () => {
    expect([...caseStudyCategoryOrder]).toEqual(specCategories);
    expect(categoriesInUse(studies.map((study) => study.data.category))).toEqual(specCategories);
  });

  it('have a unique display order from 1 to 17', () => {
    expect(studies.map((study) => study.data.order).sort((a, b) => a - b)).toEqual(
      specNames.map((_, index) => index + 1),
    );
  });

  it('tell each story in Challenge, Approach, Deliverables and Impact, in that order', () => {
    for (const study of studies) {
      const sections = [...study.body.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
      expect(sections, study.name).toEqual(['Challenge', 'Approach', 'Deliverables', 'Impact']);
    }
  });

  it('point to their own artwork, which exists, with alt text', () => {
    for (const study of studies) {
      expect(study.data.image, study.name).toBe(`../../assets/art/case-studies/${study.name}/image.svg`);
      expect(existsSync(resolve(caseStudiesFolder, study.data.image)), study.name).toBe(true);
      expect(study.data.imageAlt.length, study.name).toBeGreaterThan(20);
    }
  });

  it('describe clients generically and never name the companies the route names hint at', () => {
    for (const study of studies) {
      const text = study.source.replace(/^image: .*$/m, '');
      expect(text, study.name).not.toMatch(/\b(Roche|Genentech|Ford)\b/i);
      expect(study.data.client, study.name).toMatch(/^(A|An) /);
    }
  });
});
