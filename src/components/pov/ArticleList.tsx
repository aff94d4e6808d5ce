import type { FeedArticle } from '../../lib/pov/types.ts';
import { ArticleCard, ArticleCardSkeleton } from './ArticleCard.tsx';

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The articles in page order; the first card's image is fetched first. */
export function ArticleGrid({ articles }: { articles: readonly FeedArticle[] }) {
  return (
    <div className={GRID}>
      {articles.map((article, index) => (
        <ArticleCard key={article.link} article={article} titleId={`pov-article-${index + 1}`} priority={index === 0} />
      ))}
    </div>
  );
}

/** Holds the grid's place while the articles load. */
export function LoadingGrid({ count }: { count: number }) {
  return (
    <div className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders; the index is all they have
        <ArticleCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The spec's message for a feed without articles. */
export function NoArticles() {
  return <p className="rounded-card border border-line bg-white/70 p-6 text-ink-soft">No articles found.</p>;
}

/**
 * The articles the server held when it rendered /pov, as plain HTML: nothing to load or start. The
 * region is the one the island (src/islands/pov/PovArticles.tsx) shows when the server held none.
 */
export function ArticleList({ articles }: { articles: readonly FeedArticle[] }) {
  return (
    <section aria-label="Articles">
      {articles.length === 0 ? <NoArticles /> : <ArticleGrid articles={articles} />}
    </section>
  );
}
