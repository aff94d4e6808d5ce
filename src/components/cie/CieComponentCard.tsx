import type { CollectionEntry } from 'astro:content';
import { Icon } from '../icons/Icon.tsx';
import { IconList } from '../ui/IconList.tsx';

/** One file of src/content/cie-components, with its file name as `slug`. */
export type CieComponent = CollectionEntry<'cieComponents'>['data'] & { slug: string };

/** One ecosystem component: what it is for, life with and without it, and a quote or principle that frames it. */
export function CieComponentCard({
  slug,
  title,
  purpose,
  withIt,
  withoutIt,
  quote,
  quoteAttribution,
  principle,
  icon,
}: CieComponent) {
  const titleId = `cie-${slug}`;
  const outcomes = [
    { id: `${titleId}-with`, label: 'With it', items: withIt, icon: 'check' as const, tone: 'text-violet-deep' },
    { id: `${titleId}-without`, label: 'Without it', items: withoutIt, icon: 'close' as const, tone: 'text-muted' },
  ];
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-card border border-line bg-white/70 p-6 shadow-card sm:p-8"
    >
      <span className="inline-flex size-11 items-center justify-center rounded-ui bg-night text-violet">
        <Icon name={icon} className="size-6" />
      </span>
      <h3 id={titleId} className="mt-5 text-xl font-semibold">
        {title}
      </h3>
      <p className="mt-3 text-ink-soft">{purpose}</p>
      <div className="mt-6 mb-8 grid gap-6 sm:grid-cols-2">
        {outcomes.map((outcome) => (
          <div key={outcome.id}>
            <h4 id={outcome.id} className="eyebrow text-ink">
              {outcome.label}
            </h4>
            <IconList
              items={outcome.items}
              icon={outcome.icon}
              iconClassName={`mt-0.5 size-4 shrink-0 ${outcome.tone}`}
              className="mt-3 space-y-3 text-sm"
              itemClassName="flex gap-2.5"
              labelledBy={outcome.id}
            />
          </div>
        ))}
      </div>
      {/* mt-auto: quotes line up at the bottom of cards that sit side by side. */}
      {quote ? (
        <figure className="mt-auto border-t border-line pt-6">
          <blockquote className="font-medium text-ink">
            <p>“{quote}”</p>
          </blockquote>
          <figcaption className="mt-2 text-sm text-muted">{quoteAttribution}</figcaption>
        </figure>
      ) : (
        // The firm's own words are a principle it works by, not a quotation it signs itself.
        <div className="mt-auto border-t border-line pt-6">
          <p className="eyebrow text-muted">Our principle</p>
          <p className="mt-2 font-medium text-ink">{principle}</p>
        </div>
      )}
    </article>
  );
}
