import { CaseStudyCard, type CaseStudySummary } from './CaseStudyCard.tsx';

/** Cards in the first row of the widest grid load their artwork eagerly. */
const EAGER_CARDS = 3;

export interface CaseStudyListProps {
  /** The list's id: the Results filter finds the cards through it. */
  id: string;
  /** Every study, in display order. */
  studies: CaseStudySummary[];
}

/**
 * Every case study as a card, rendered once on the server. Each item carries its category, so the
 * filter island shows and hides cards without rendering them again (and without JavaScript every
 * card is simply there).
 */
export function CaseStudyList({ id, studies }: CaseStudyListProps) {
  return (
    <ul id={id} className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {studies.map((study, index) => (
        <li
          key={study.name}
          data-category={study.category}
          className="render-near-view [contain-intrinsic-block-size:auto_520px]"
        >
          <CaseStudyCard study={study} priority={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
