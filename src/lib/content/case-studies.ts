import { getCollection, type CollectionEntry } from 'astro:content';

export type CaseStudyEntry = CollectionEntry<'caseStudies'>;

/** Every case study in the order the Results page shows them. */
export async function getCaseStudies(): Promise<CaseStudyEntry[]> {
  return (await getCollection('caseStudies')).sort((a, b) => a.data.order - b.data.order);
}
