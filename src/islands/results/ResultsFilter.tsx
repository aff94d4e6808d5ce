import { useLayoutEffect, useMemo, useState } from 'react';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import {
  ALL_CATEGORIES,
  categoryFromSearch,
  describeShown,
  urlForCategory,
} from '../../lib/case-studies/category-filter.ts';
import { IslandErrorBoundary } from '../IslandErrorBoundary.tsx';
import { afterNextFrame } from '../scheduling.ts';
import { analyticsEvents, track } from '../../lib/analytics/events.ts';

export interface ResultsFilterProps {
  /**
   * How many studies each category has, the categories in display order ("All" is added here).
   * One object, not a list of the names beside it: the props travel inside the page, and /results
   * must fit its first round trip (tests/e2e/budgets.spec.ts). The names are the schema's words
   * (src/lib/case-studies/categories.ts), never integer-like keys, so the object keeps their order.
   */
  counts: Record<string, number>;
  /** The id of the server-rendered list (CaseStudyList) whose items carry data-category. */
  listId: string;
}

/**
 * The category filter over the server-rendered cards. It only toggles `hidden` on the list's
 * items: the cards are never rendered again in the browser, so the island stays small and its
 * hydration cheap. Without JavaScript the whole list shows and the buttons are hidden. The choice
 * lives in the URL (?category=…): shareable, and back/forward step through earlier choices.
 */
function ResultsFilterView({ counts, listId }: ResultsFilterProps) {
  const categories = useMemo(() => Object.keys(counts), [counts]);
  // Starts at "All", as the server rendered it, so hydration matches; the URL is read right after,
  // in a layout effect: before the next frame, and before a click held during hydration is replayed
  // (whose own URL change comes a frame later, below).
  const [active, setActive] = useState(ALL_CATEGORIES);

  useLayoutEffect(() => {
    const syncWithUrl = () => setActive(categoryFromSearch(window.location.search, categories));
    syncWithUrl();
    window.addEventListener('popstate', syncWithUrl);
    return () => window.removeEventListener('popstate', syncWithUrl);
  }, [categories]);

  // Before paint, so the pressed button and the cards it shows change in the same frame.
  useLayoutEffect(() => {
    const items = document.getElementById(listId)?.querySelectorAll<HTMLElement>(':scope > li[data-category]') ?? [];
    for (const item of items) item.hidden = active !== ALL_CATEGORIES && item.dataset.category !== active;
  }, [active, listId]);

  const choose = (category: string) => {
    if (category === active) return;
    setActive(category);
    track(analyticsEvents.resultsFilter, { category });
    // The URL follows once the frame showing the choice is painted, not in the tap: a new URL is a
    // style pass of its own (Chrome matches every link against the speculation rules again), most
    // of the tap's script, more so on a page just shown from a prerender (docs/PERFORMANCE.md).
    afterNextFrame(() =>
      window.history.pushState(window.history.state, '', urlForCategory(window.location.href, category)),
    );
  };

  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const shown = active === ALL_CATEGORIES ? total : (counts[active] ?? 0);

  return (
    <>
      <div className="noscript:hidden">
        <p id="results-filter-label" className="eyebrow mb-3 text-muted">
          Filter by category
        </p>
        {/* Chosen is shown by its fill, which forced colours replace: there, the system's highlight,
            with no backplate (it would hide the highlight's text) and a focus outline in the
            system's text colour. Written once here for every button (`*:`), not on each of them. */}
        {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons, not form fields: a labelled group, no fieldset */}
        <div
          role="group"
          aria-labelledby="results-filter-label"
          className="flex flex-wrap gap-2 forced-colors:*:aria-pressed:bg-[Highlight] forced-colors:*:aria-pressed:text-[HighlightText] forced-colors:*:aria-pressed:outline-[CanvasText] forced-colors:*:aria-pressed:forced-color-adjust-none"
        >
          {[ALL_CATEGORIES, ...categories].map((category) => {
            const pressed = category === active;
            return (
              // A plain button with the shared variants: the Button component's class merging
              // (tailwind-merge) would more than double this island and its start-up work.
              <button
                key={category}
                type="button"
                className={buttonVariants({ variant: pressed ? 'default' : 'outline' })}
                aria-pressed={pressed}
                aria-controls={listId}
                onClick={() => choose(category)}
              >
                {category}
              </button>
            );
          })}
        </div>
      </div>
      <p role="status" className="mt-6 text-sm font-medium text-muted noscript:mt-0">
        {describeShown(shown, active)}
      </p>
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
