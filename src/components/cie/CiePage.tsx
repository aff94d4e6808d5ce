import type { CollectionEntry } from 'astro:content';
import { PageHero } from '../layout/PageHero.tsx';
import type { ArtworkSource } from '../ui/Artwork.tsx';
import { ClosingCallToAction } from '../layout/ClosingCallToAction.tsx';
import { CieComponentCard, type CieComponent } from './CieComponentCard.tsx';
import { InnovationComparison } from './InnovationComparison.tsx';
import { EcosystemHubTeaser } from './EcosystemHubTeaser.tsx';
import { Section } from '../ui/Section.tsx';
import { BookingButton } from '../ui/BookingButton.tsx';

/** The CIE page's copy, as src/content/pages/cie.json declares it. */
export type CieContent = CollectionEntry<'ciePage'>['data'];

export interface CiePageProps {
  /** The hero's decorative artwork. */
  heroImage?: ArtworkSource;
  content: CieContent;
  components: CieComponent[];
  bookingUrl: string;
}

export function CiePage({ content, components, bookingUrl, heroImage }: CiePageProps) {
  const { hero, componentsIntro, comparison, hub, cta } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} art={heroImage} />

      <Section
        heading={{ id: 'components-title', title: componentsIntro.title, intro: <p>{componentsIntro.intro}</p> }}
      >
        <div className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-2">
          {components.map((component) => (
            <CieComponentCard key={component.slug} {...component} />
          ))}
        </div>
      </Section>

      <InnovationComparison {...comparison} />
      <EcosystemHubTeaser {...hub} />

      <ClosingCallToAction
        {...cta}
        actions={<BookingButton href={bookingUrl}>Schedule a Discovery Call</BookingButton>}
      />
    </>
  );
}
