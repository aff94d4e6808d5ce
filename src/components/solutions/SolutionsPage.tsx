import type { CollectionEntry } from 'astro:content';
import { PageHero } from '../layout/PageHero.tsx';
import type { ArtworkSource } from '../ui/Artwork.tsx';
import { ClosingCallToAction } from '../layout/ClosingCallToAction.tsx';
import { SolutionCard, type SolutionContent } from './SolutionCard.tsx';
import { BookingButton } from '../ui/BookingButton.tsx';

export interface SolutionsPageProps {
  /** The hero's decorative artwork. */
  heroImage?: ArtworkSource;
  /** The Solutions page's copy, as src/content/pages/solutions.json declares it. */
  content: CollectionEntry<'solutionsPage'>['data'];
  solutions: (SolutionContent & { image: ArtworkSource })[];
  bookingUrl: string;
}

export function SolutionsPage({ content, solutions, bookingUrl, heroImage }: SolutionsPageProps) {
  return (
    <>
      <PageHero eyebrow={content.hero.eyebrow} title={content.hero.title} intro={content.hero.intro} art={heroImage} />
      <div className="section">
        <div className="container-page space-y-8 lg:space-y-12">
          {solutions.map((solution, index) => (
            <SolutionCard key={solution.slug} {...solution} reversed={index % 2 === 1} />
          ))}
        </div>
      </div>
      <ClosingCallToAction
        {...content.cta}
        actions={<BookingButton href={bookingUrl}>Book a Discovery Call</BookingButton>}
      />
    </>
  );
}
