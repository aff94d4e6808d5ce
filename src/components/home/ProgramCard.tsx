import type { CollectionEntry } from 'astro:content';
import type { CSSProperties } from 'react';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../icons/Icon.tsx';
import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';
import { ProgramName } from '../program/ProgramName.tsx';
import { IconList } from '../ui/IconList.tsx';

/**
 * A program's home card, as its src/content/programs file declares it, with the program's name, the
 * offer it leads to and the program page's address.
 */
export type ProgramCardProps = CollectionEntry<'programs'>['data']['card'] & {
  title: string;
  /** The offer the program leads to. */
  offer: string;
  href: string;
  /** Position in the grid; drives the 150 ms reveal stagger. */
  index: number;
};

export function ProgramCard({
  title,
  offer,
  subtitle,
  tagline,
  description,
  highlights,
  href,
  index,
}: ProgramCardProps) {
  const headingId = `program-card-${index}`;
  return (
    <article
      aria-labelledby={headingId}
      style={{ '--reveal-index': index } as CSSProperties}
      className="flex flex-col rounded-card border border-line bg-white/70 p-6 shadow-card sm:p-8"
    >
      <p className="eyebrow text-violet-deep">
        <KeepHyphenated text={subtitle} />
      </p>
      <h3 id={headingId} className="mt-3 text-xl font-semibold">
        <ProgramName program={title} offer={offer} />
      </h3>
      <p className="mt-2 font-medium text-ink-soft">{tagline}</p>
      <p className="mt-4 text-muted">{description}</p>
      <IconList
        items={highlights}
        icon="check"
        iconClassName="mt-0.5 size-5 shrink-0 text-violet-deep"
        className="mt-6 space-y-3"
      />
      <div className="mt-auto pt-8">
        <Button href={href} variant="default" className="w-full sm:w-auto" aria-describedby={headingId}>
          Explore This Path
          <Icon name="arrow-right" />
        </Button>
      </div>
    </article>
  );
}
