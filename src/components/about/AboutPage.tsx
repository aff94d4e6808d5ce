import type { CollectionEntry } from 'astro:content';
import { SectionHeading } from '../ui/SectionHeading.tsx';
import { PageHero } from '../layout/PageHero.tsx';
import type { ArtworkSource } from '../ui/Artwork.tsx';
import { ClosingCallToAction } from '../layout/ClosingCallToAction.tsx';
import { TitledItemGrid } from './TitledItemGrid.tsx';
import { Section } from '../ui/Section.tsx';
import { BookingButton } from '../ui/BookingButton.tsx';

/** The About page's copy, as src/content/pages/about.json declares it. */
export type AboutContent = CollectionEntry<'aboutPage'>['data'];

export interface AboutPageProps {
  /** The hero's decorative artwork. */
  heroImage?: ArtworkSource;
  content: AboutContent;
  bookingUrl: string;
}

export function AboutPage({ content, bookingUrl, heroImage }: AboutPageProps) {
  const { hero, mission, expertise, roles, approach, quests, reasons, cta } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} art={heroImage} />

      <Section
        labelledBy="mission-title"
        containerClassName="grid grid-cols-1 gap-10 lg:grid-cols-[1fr_1.2fr] lg:gap-16"
      >
        <div>
          <SectionHeading id="mission-title" title={mission.title} />
          <p className="mt-6 text-2xl font-medium text-ink sm:text-3xl sm:leading-tight">{mission.statement}</p>
        </div>
        <div className="prose-measure space-y-4 text-lg text-ink-soft">
          {mission.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section heading={{ id: 'expertise-title', title: expertise.title }} className="bg-stone/60">
        <TitledItemGrid items={expertise.areas} columns={3} className="mt-12" />
      </Section>

      <Section heading={{ id: 'roles-title', title: roles.title, intro: <p>{roles.intro}</p> }}>
        <ul className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {roles.items.map((role) => (
            <li key={role.title} className="rounded-card border border-line bg-white/70 p-6 shadow-card sm:p-8">
              <h3 className="text-2xl font-semibold">{role.title}</h3>
              <p className="mt-2 font-medium text-violet-deep">{role.subtitle}</p>
              <p className="mt-4 text-ink-soft">{role.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        heading={{ id: 'approach-title', title: approach.title, intro: <p>{approach.intro}</p> }}
        className="bg-stone/60"
      >
        <TitledItemGrid items={approach.areas} columns={3} numbered className="mt-12" />
      </Section>

      <Section heading={{ id: 'quests-title', title: quests.title }}>
        <TitledItemGrid items={quests.items} columns={2} className="mt-12" />
      </Section>

      <Section heading={{ id: 'reasons-title', title: reasons.title }} className="bg-stone/60">
        <TitledItemGrid items={reasons.items} columns={2} className="mt-12" />
      </Section>

      <ClosingCallToAction
        {...cta}
        actions={<BookingButton href={bookingUrl}>Schedule a Discovery Call</BookingButton>}
      />
    </>
  );
}
