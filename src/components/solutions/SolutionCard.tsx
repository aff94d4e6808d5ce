import type { CollectionEntry } from 'astro:content';
import { Artwork, type ArtworkSource } from '../ui/Artwork.tsx';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../icons/Icon.tsx';
import { cn } from '../../lib/cn.ts';

/** One file of src/content/solutions, with its file name as `slug` (the artwork comes processed, see below). */
export type SolutionContent = Omit<CollectionEntry<'solutions'>['data'], 'image' | 'order'> & { slug: string };

export interface SolutionCardProps extends SolutionContent {
  image: ArtworkSource;
  /** Odd cards put their artwork on the left on wide screens, so the page reads as a rhythm. */
  reversed?: boolean;
}

export function SolutionCard(props: SolutionCardProps) {
  const {
    slug,
    icon,
    title,
    headline,
    description,
    additionalInfo,
    idealFor,
    image,
    imageAlt,
    comingSoon,
    link,
    reversed,
  } = props;
  const titleId = `solution-${slug}`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid grid-cols-1 items-center gap-8 rounded-card border border-line bg-white/70 p-6 shadow-card sm:p-10 lg:grid-cols-2 lg:gap-14"
    >
      <div className={cn(reversed && 'lg:order-2')}>
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex size-11 items-center justify-center rounded-ui bg-night text-violet">
            <Icon name={icon} className="size-6" />
          </span>
          {comingSoon ? <Badge>Coming Soon</Badge> : null}
        </div>
        <h2 id={titleId} className="mt-5 text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-lg font-medium text-ink">{headline}</p>
        <p className="mt-4 text-ink-soft">{description}</p>
        <p className="mt-4 text-ink-soft">{additionalInfo}</p>
        <p className="mt-6 rounded-ui bg-stone/70 p-4">
          <strong className="font-semibold">Ideal for:</strong> {idealFor}
        </p>
        {link ? (
          <Button href={link} variant="outline" className="mt-6 h-auto min-h-11 py-2 whitespace-normal">
            Explore the {title}
            <Icon name="arrow-right" />
          </Button>
        ) : null}
      </div>
      <Artwork
        image={image}
        alt={imageAlt}
        className={cn('rounded-card border border-line', reversed && 'lg:order-1')}
      />
    </article>
  );
}
