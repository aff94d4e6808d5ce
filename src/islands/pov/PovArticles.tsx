import { useEffect, useState } from 'react';
import { orderFeedItems } from '../../lib/pov/order-feed-items.ts';
import type { FeedArticle, PovResponse } from '../../lib/pov/types.ts';
import { IslandErrorBoundary } from '../IslandErrorBoundary.tsx';
import { ArticleCard, ArticleCardSkeleton } from './ArticleCard.tsx';

type FeedState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; articles: FeedArticle[] };

export interface PovArticlesProps {
  /** Where the island reads the feed; our own server's proxy. */
  endpoint?: string;
}

const SKELETON_COUNT = 6;

/** Reads the feed; the messages are the spec's. */
export async function loadArticles(endpoint: string, fetchImpl: typeof fetch = fetch): Promise<FeedArticle[]> {
  const response = await fetchImpl(endpoint, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error('Failed to fetch articles');
  const body = (await response.json()) as PovResponse;
  if (body.status !== 'ok') throw new Error(body.message || 'Failed to load articles');
  return orderFeedItems(body.items);
}

function PovArticlesView({ endpoint = '/api/pov' }: PovArticlesProps) {
  const [state, setState] = useState<FeedState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    loadArticles(endpoint)
      .then((articles) => current && setState({ kind: 'ready', articles }))
      .catch((error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : 'Failed to load articles';
        console.error(message);
        if (current) setState({ kind: 'error', message });
      });
    return () => {
      current = false;
    };
  }, [endpoint]);

  if (state.kind === 'error') {
    return (
      <p
        role="alert"
        className="rounded-[var(--radius-card)] border border-error/30 bg-white/70 p-6 font-medium text-error"
      >
        {state.message}
      </p>
    );
  }
  if (state.kind === 'ready' && state.articles.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 text-ink-soft">
        No articles found.
      </p>
    );
  }
  const loading = state.kind === 'loading';
  return (
    <div aria-busy={loading}>
      <p role="status" className="sr-only">
        {loading ? 'Loading articles…' : `${state.articles.length} articles`}
      </p>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loading
          ? // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders; the index is all they have
            Array.from({ length: SKELETON_COUNT }, (_, index) => <ArticleCardSkeleton key={index} />)
          : state.articles.map((article) => <ArticleCard key={article.link} article={article} />)}
      </div>
    </div>
  );
}

export default function PovArticles(props: PovArticlesProps) {
  return (
    <IslandErrorBoundary>
      <PovArticlesView {...props} />
    </IslandErrorBoundary>
  );
}
