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
 *
 * A card not yet near the viewport is laid out at its placeholder height (`render-near-view`), so
 * the placeholder is a card's real height, or the page grows under the reader as they scroll (520 px
 * grew it from 12,576 to 16,083 px at 320 px). Cards measured 6 December 2026, on average: 771 px
 * at 320 px (one column), 741 at 375, 747 at 768 (two), 756 at 1024 and 732 at 1280 (three).
 * The list sets it for every card (`*:`), once in the HTML rather than once a card.
 */
export function CaseStudyList({ id, studies }: CaseStudyListProps) {
  return (
    <ul
      id={id}
      className="mt-4 grid grid-cols-1 gap-6 *:[contain-intrinsic-block-size:auto_770px] sm:grid-cols-2 lg:grid-cols-3 min-[22.5rem]:*:[contain-intrinsic-block-size:auto_745px]"
    >
      {studies.map((study, index) => (
        <li key={study.name} data-category={study.category} className="render-near-view">
          <CaseStudyCard study={study} priority={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
