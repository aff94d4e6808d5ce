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
    <ul id={id} className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {studies.map((study, index) => (
        // Cards out of view are laid out only as they near it (see global.css on content-visibility).
        <li key={study.name} data-category={study.category} className="[contain-intrinsic-size:auto_520px] [content-visibility:auto]">
          <CaseStudyCard study={study} priority={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
