import type { ReactNode } from 'react';
import type { LastUpdated } from '../../lib/legal/last-updated.ts';
import { cn } from '../../lib/cn.ts';
import type { ArtworkSource } from '../ui/Artwork.tsx';
import { HeroArtwork, heroWithArt } from '../layout/PageHero.tsx';
import { Eyebrow } from '../ui/Eyebrow.tsx';

export interface LegalPageProps {
  title: string;
  lastUpdated: LastUpdated;
  /** The policy text, rendered from Markdown. */
  children: ReactNode;
  /** Decorative artwork beside the title on wide screens. */
  art?: ArtworkSource;
}

/** A legal text: title, the date it was last updated, and a readable measure of body text. */
export function LegalPage({ title, lastUpdated, children, art }: LegalPageProps) {
  return (
    <>
      <section aria-labelledby="page-title" className="border-b border-line bg-stone/50">
        <div className={cn('container-page py-14 sm:py-20', art && heroWithArt)}>
          <div>
            <Eyebrow className="mb-4 text-muted">Legal</Eyebrow>
            <h1
              id="page-title"
              className="text-2xl font-semibold tracking-tight min-[22.5rem]:text-3xl sm:text-4xl lg:text-5xl"
            >
              {title}
            </h1>
            <p className="mt-5 text-ink-soft">
              Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
            </p>
          </div>
          {art ? <HeroArtwork image={art} /> : null}
        </div>
      </section>
      <div className="py-12 sm:py-16 lg:py-20">
        <div className="container-page">
          <div className="prose-body text-ink-soft [&_h2]:text-ink [&_h3]:text-ink [&_strong]:text-ink">{children}</div>
        </div>
      </div>
    </>
  );
}
