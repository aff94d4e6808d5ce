import type { ReactNode } from 'react';
import { Artwork, type ArtworkSource } from '../ui/Artwork.tsx';
import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';
import { ProgramName } from '../program/ProgramName.tsx';
import { Eyebrow } from '../ui/Eyebrow.tsx';

export interface FeatureHeroProps {
  eyebrow: string;
  title: string;
  /** On a program page: the offer it leads to, shown after the title as a quieter descriptor. */
  titleDescriptor?: string | undefined;
  /** The one-sentence promise under the title. */
  lead: string;
  /** Optional longer explanation under the lead. */
  body?: string;
  image: ArtworkSource;
  /** Empty string: the artwork is decorative. */
  imageAlt: string;
  actions: ReactNode;
  /** A small link above the eyebrow, e.g. back to the program an offer belongs to. */
  backLink?: ReactNode;
  /** The artwork drawn inline (an <svg> from the route), so the headline, not an image, is the largest paint. */
  heroArt?: ReactNode;
}

/** The dark opening of a program or offer page: title and promise beside the page's artwork. */
export function FeatureHero({
  eyebrow,
  title,
  titleDescriptor,
  lead,
  body,
  image,
  imageAlt,
  actions,
  backLink,
  heroArt,
}: FeatureHeroProps) {
  return (
    <section aria-labelledby="page-title" className="theme-night relative overflow-hidden">
      <div className="container-page grid grid-cols-1 items-center gap-10 py-14 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
        <div>
          {backLink ? <div className="mb-6">{backLink}</div> : null}
          <Eyebrow className="mb-5 text-on-night-muted" ruleClassName="shrink-0">
            {/* One flex item: the helper returns several nodes. */}
            <span>
              <KeepHyphenated text={eyebrow} />
            </span>
          </Eyebrow>
          <h1
            id="page-title"
            className="text-2xl font-semibold tracking-tight min-[22.5rem]:text-3xl sm:text-4xl lg:text-5xl"
          >
            {titleDescriptor ? (
              <ProgramName program={title} offer={titleDescriptor} />
            ) : (
              <KeepHyphenated text={title} />
            )}
          </h1>
          <p className="mt-6 max-w-2xl text-xl font-medium text-on-night">{lead}</p>
          {body ? <p className="mt-4 max-w-2xl text-lg text-on-night-muted">{body}</p> : null}
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">{actions}</div>
        </div>
        {heroArt ? (
          <div className="inline-art mx-auto w-full max-w-xl">{heroArt}</div>
        ) : (
          <Artwork image={image} alt={imageAlt} priority className="mx-auto max-w-xl" />
        )}
      </div>
    </section>
  );
}
