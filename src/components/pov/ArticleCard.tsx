import type { FeedArticle } from '../../lib/pov/types.ts';
import { Icon } from '../icons/Icon.tsx';

/** Stands in for an article's image: where there is none, and where one fails. */
const PLACEHOLDER =
  'bg-night bg-[radial-gradient(circle_at_30%_40%,rgb(255_184_107/0.45),transparent_45%),radial-gradient(circle_at_70%_60%,rgb(126_224_245/0.35),transparent_50%)]';

// The site's English, in UTC: a date written as "2025-03-11T00:30Z" stays the 11th wherever the visitor is.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * One Point of View essay, named by its title and dated, so a visitor sees the blog is alive. The
 * image is sized up front (16:9) so the grid never shifts as it loads. An image that fails shows
 * the placeholder, with no script: a browser draws an image's ::after only when it is broken, and
 * there it covers the broken-image icon with the image's own background. A `priority` card's image
 * is fetched with the page rather than once laid out: on a phone the first one is the largest thing
 * on the first screen.
 */
export function ArticleCard({
  article,
  titleId,
  priority = false,
}: {
  article: FeedArticle;
  /** Unique in the page; names the card (React's generated ids start with "_", which HTML ids should not). */
  titleId: string;
  priority?: boolean;
}) {
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-card border border-line bg-white/70 shadow-card"
    >
      <div className="aspect-[16/9] overflow-hidden">
        {article.thumbnail ? (
          <img
            src={article.thumbnail}
            alt=""
            width={640}
            height={360}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            referrerPolicy="no-referrer"
            className={`relative size-full object-cover ${PLACEHOLDER} after:absolute after:inset-0 after:[background:inherit]`}
          />
        ) : (
          <div aria-hidden="true" className={`size-full ${PLACEHOLDER}`} />
        )}
      </div>
      <div className="flex flex-1 flex-col p-6">
        {article.published ? (
          <time dateTime={article.published} className="text-sm font-medium text-muted">
            {dateFormat.format(new Date(article.published))}
          </time>
        ) : null}
        <h2 id={titleId} className="mt-2 text-lg font-semibold first:mt-0">
          {article.title}
        </h2>
        <p className="mt-3 flex-1 text-muted">{article.description}</p>
        <a
          href={article.link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-violet-deep underline-offset-4 hover:underline"
        >
          Read the article
          <span className="sr-only">: {article.title}, opens in a new tab</span>
          <Icon name="external" className="size-4" />
        </a>
      </div>
    </article>
  );
}

/**
 * Holds the layout of a card while the feed loads. The text lines pulse as one (the pulse on their
 * block, which has no background of its own, looks the same as on each line): two animations a card
 * rather than six, each started in the frame that answers a tap on "Try again".
 */
export function ArticleCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-card border border-line bg-white/70">
      <div className="aspect-[16/9] animate-pulse bg-stone" />
      <div className="animate-pulse space-y-3 p-6">
        <div className="h-5 w-4/5 rounded bg-stone" />
        <div className="h-4 w-full rounded bg-stone" />
        <div className="h-4 w-11/12 rounded bg-stone" />
        <div className="h-4 w-2/3 rounded bg-stone" />
        <div className="mt-6 h-6 w-36 rounded bg-stone" />
      </div>
    </div>
  );
}
