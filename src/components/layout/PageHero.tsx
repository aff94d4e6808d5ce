import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Artwork, type ArtworkSource } from '../ui/Artwork.tsx';
import { SectionHeading } from '../ui/SectionHeading.tsx';

export interface PageHeroProps {
  eyebrow: string;
  title: string;
  intro: string;
  /** Buttons or links under the intro. */
  actions?: ReactNode;
  /** The page's own artwork, decorative, beside the text on wide screens (phones keep the text alone). */
  art?: ArtworkSource | undefined;
}

/** The opening of every content page: one h1, a short intro, optional actions. */
export function PageHero({ eyebrow, title, intro, actions, art }: PageHeroProps) {
  return (
    <section aria-labelledby="page-title" className="border-b border-line bg-stone/50">
      <div className={cn('container-page py-14 sm:py-20', art && heroWithArt)}>
        <div>
          <SectionHeading as="h1" id="page-title" eyebrow={eyebrow} title={title} intro={<p>{intro}</p>} />
          {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div> : null}
        </div>
        {art ? <HeroArtwork image={art} /> : null}
      </div>
    </section>
  );
}

/** The grid of a light page hero that has artwork: text, then the picture in the right 40% from 1024 px. */
export const heroWithArt = 'lg:grid lg:grid-cols-[3fr_2fr] lg:items-center lg:gap-14';

/** A light hero's artwork: hidden (and, being lazy, never fetched) below 1024 px, where the text fills the width. */
export function HeroArtwork({ image }: { image: ArtworkSource }) {
  return <Artwork image={image} alt="" className="hidden rounded-card shadow-card lg:block" />;
}
