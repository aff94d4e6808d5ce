import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { CaseStudyCard, type CaseStudySummary } from '../../components/results/CaseStudyCard.tsx';
import { ALL_CATEGORIES, categoryFromSearch, describeShown, urlForCategory } from '../../lib/case-studies/category-filter.ts';
import { IslandErrorBoundary } from '../IslandErrorBoundary.tsx';

export interface ResultsFilterProps {
  /** Distinct categories in display order ("All" is added here). */
  categories: string[];
  /** Every study, in display order. */
  studies: CaseStudySummary[];
}

/** Cards in the first row of the widest grid load their artwork eagerly. */
const EAGER_CARDS = 3;

/**
 * The category filter and the cards it filters. The server renders every card under "All", so
 * without JavaScript the whole list is there; the buttons only work with script, so they are
 * hidden when scripting is off. The choice lives in the URL (?category=…): shareable, and
 * back/forward step through earlier choices.
 */
function ResultsFilterView({ categories, studies }: ResultsFilterProps) {
  // Starts at "All", as the server rendered it, so hydration matches; the URL is read right after.
  const [active, setActive] = useState(ALL_CATEGORIES);

  useEffect(() => {
    const syncWithUrl = () => setActive(categoryFromSearch(window.location.search, categories));
    syncWithUrl();
    window.addEventListener('popstate', syncWithUrl);
    return () => window.removeEventListener('popstate', syncWithUrl);
  }, [categories]);

  const choose = (category: string) => {
    if (category === active) return;
    window.history.pushState(window.history.state, '', urlForCategory(window.location.href, category));
    setActive(category);
  };

  const shown = active === ALL_CATEGORIES ? studies : studies.filter((study) => study.category === active);
  const eager = new Set(studies.slice(0, EAGER_CARDS).map((study) => study.name));

  return (
    <>
      <div className="noscript:hidden">
        <p id="results-filter-label" className="eyebrow mb-3 text-muted">
          Filter by category
        </p>
        <div role="group" aria-labelledby="results-filter-label" className="flex flex-wrap gap-2">
          {[ALL_CATEGORIES, ...categories].map((category) => {
            const pressed = category === active;
            return (
              <Button
                key={category}
                variant={pressed ? 'default' : 'outline'}
                aria-pressed={pressed}
                onClick={() => choose(category)}
                className="px-4"
              >
                {category}
              </Button>
            );
          })}
        </div>
      </div>
      <p role="status" className="mt-6 text-sm font-medium text-muted noscript:mt-0">
        {describeShown(shown.length, active)}
      </p>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((study) => (
          <li key={study.name}>
            <CaseStudyCard study={study} priority={eager.has(study.name)} />
          </li>
        ))}
      </ul>
    </>
  );
}

export default function ResultsFilter(props: ResultsFilterProps) {
  return (
    <IslandErrorBoundary>
      <ResultsFilterView {...props} />
    </IslandErrorBoundary>
  );
}
