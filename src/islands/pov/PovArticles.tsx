import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { orderFeedItems } from '../../lib/pov/order-feed-items.ts';
import { type FeedArticle, POV_API_PATH, type PovResponse } from '../../lib/pov/types.ts';
import { IslandErrorBoundary } from '../IslandErrorBoundary.tsx';
import { ArticleGrid, LoadingGrid, NoArticles } from '../../components/pov/ArticleList.tsx';

/** How a load ended; while the current attempt has none, the articles are loading. */
type FeedOutcome = { kind: 'error'; message: string } | { kind: 'ready'; articles: FeedArticle[] };

export interface PovArticlesProps {
  /** Where the island reads the feed; our own server's proxy. */
  endpoint?: string;
}

const SKELETON_COUNT = 6;

/** Reads the feed; the messages are the spec's. */
async function loadArticles(endpoint: string, fetchImpl: typeof fetch = fetch): Promise<FeedArticle[]> {
  const response = await fetchImpl(endpoint, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error('Failed to fetch articles');
  const body = (await response.json()) as PovResponse;
  if (body.status !== 'ok') throw new Error(body.message || 'Failed to load articles');
  return orderFeedItems(body.items);
}

/** What the status line announces once the list is in: "1 article", "4 articles". */
const articleCount = (count: number) => `${count} ${count === 1 ? 'article' : 'articles'}`;

function PovArticlesView({ endpoint = POV_API_PATH }: PovArticlesProps) {
  // Each "Try again" is a new attempt. An outcome belongs to the attempt that produced it, so a
  // retry shows the loading state in the render that follows the press, with no flag to reset.
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ attempt: number; outcome: FeedOutcome }>();
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    let current = true;
    loadArticles(endpoint)
      .then((articles): FeedOutcome => ({ kind: 'ready', articles }))
      .catch((error: unknown): FeedOutcome => {
        const message = error instanceof Error && error.message ? error.message : 'Failed to load articles';
        console.error(message);
        return { kind: 'error', message };
      })
      .then((outcome) => current && setSettled({ attempt, outcome }));
    return () => {
      current = false;
    };
  }, [endpoint, attempt]);

  const outcome = settled?.attempt === attempt ? settled.outcome : undefined;

  const retry = () => {
    // The button gives way to the loading state, which would drop focus to <body>. Focus moves to
    // the region that holds every state, before the button goes: it is then where the list, the
    // empty message or the next error appears, and Tab goes on to the first article (or the
    // button again). The alert and the status line announce what came of it.
    region.current?.focus({ preventScroll: true });
    setAttempt((previous) => previous + 1);
  };

  let content: ReactNode;
  if (outcome?.kind === 'error') {
    content = (
      <div className="flex flex-col items-start gap-4 rounded-card border border-error/30 bg-white/70 p-6 sm:flex-row sm:items-center sm:justify-between">
        {/* The alert holds the spec's message and nothing else; the button stands beside it. */}
        <p role="alert" className="font-medium text-error">
          {outcome.message}
        </p>
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  } else if (outcome?.kind === 'ready' && outcome.articles.length === 0) {
    content = <NoArticles />;
  } else {
    content = (
      <div aria-busy={!outcome}>
        <p role="status" className="sr-only">
          {outcome ? articleCount(outcome.articles.length) : 'Loading articles…'}
        </p>
        {outcome ? <ArticleGrid articles={outcome.articles} /> : <LoadingGrid count={SKELETON_COUNT} />}
      </div>
    );
  }
  // Focused only by a retry (tabIndex -1), never by Tab; the ring would frame the whole list.
  return (
    <section ref={region} aria-label="Articles" tabIndex={-1} className="outline-none">
      {content}
    </section>
  );
}

export default function PovArticles(props: PovArticlesProps) {
  return (
    <IslandErrorBoundary>
      <PovArticlesView {...props} />
    </IslandErrorBoundary>
  );
}
