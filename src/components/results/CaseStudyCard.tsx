import { routes } from '../../config/routes.ts';
import { Artwork, type ArtworkSource } from '../ui/Artwork.tsx';
import { Icon } from '../icons/Icon.tsx';
import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';

/** What a Results card shows of one case study. */
export interface CaseStudySummary {
  /** The study's file name, which is also its route: /case-study/{name}. */
  name: string;
  title: string;
  description: string;
  /** The one concrete result, in a sentence. */
  result: string;
  category: string;
  image: ArtworkSource;
}

export interface CaseStudyCardProps {
  study: CaseStudySummary;
  /** Only cards in the first row load their image eagerly; the rest wait until scrolled near. */
  priority?: boolean;
}

export function CaseStudyCard({ study, priority = false }: CaseStudyCardProps) {
  const titleId = `case-study-${study.name}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-white/70 shadow-card"
    >
      {/* The artwork is abstract; on a card the title says what the study is, so the image stays silent. */}
      <div className="aspect-[3/2] overflow-hidden bg-night">
        <Artwork image={study.image} alt="" eager={priority} className="size-full object-cover" />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="self-start rounded-full bg-stone px-3 py-1 text-xs font-semibold tracking-wide text-ink-soft">
          {study.category}
        </p>
        <h2 id={titleId} className="mt-4 text-lg font-semibold">
          <KeepHyphenated text={study.title} />
        </h2>
        <p className="mt-3 text-muted">{study.description}</p>
        <p className="mt-4 flex flex-1 gap-2.5 border-t border-line pt-4 font-medium text-ink">
          <Icon name="check" className="mt-1 size-4 shrink-0 text-success" />
          {/* min-w-0: a flex item is otherwise as wide as its longest word, and the card cuts it off. */}
          <span className="min-w-0">
            <span className="sr-only">Result: </span>
            {study.result}
          </span>
        </p>
        {/* 17 links read "View Case Study"; the title, as description, tells them apart. */}
        <a
          href={routes.caseStudy(study.name)}
          aria-describedby={titleId}
          className="mt-6 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-violet-deep underline-offset-4 hover:underline"
        >
          View Case Study
          <Icon name="arrow-right" className="size-4" />
        </a>
      </div>
    </article>
  );
}
