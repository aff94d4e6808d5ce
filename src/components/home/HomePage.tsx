import type { CollectionEntry } from 'astro:content';
import type { ReactNode } from 'react';
import { homeSections } from '../../config/routes.ts';
import type { ArtworkSource } from '../ui/Artwork.tsx';
import { Artwork } from '../ui/Artwork.tsx';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../icons/Icon.tsx';
import { SectionHeading } from '../ui/SectionHeading.tsx';
import { ProgramCard, type ProgramCardProps } from './ProgramCard.tsx';
import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';
import { Section } from '../ui/Section.tsx';
import { BookingButton } from '../ui/BookingButton.tsx';
import { Eyebrow } from '../ui/Eyebrow.tsx';

/** The home page's copy, as src/content/pages/home.json declares it. */
export type HomeContent = CollectionEntry<'homePage'>['data'];

export interface HomePageProps {
  content: HomeContent;
  programs: Omit<ProgramCardProps, 'index'>[];
  art: { hero: ArtworkSource; statement: ArtworkSource };
  bookingUrl: string;
  /** The hero artwork drawn inline by the route, so the headline, not an image, is the largest paint. */
  heroArt?: ReactNode;
}

export function HomePage({ content, programs, art, bookingUrl, heroArt }: HomePageProps) {
  const { hero, statement, approach, paths, trust, closing } = content;
  return (
    <>
      <section aria-labelledby="hero-title" className="theme-night relative overflow-hidden">
        <div className="container-page grid grid-cols-1 items-center gap-10 py-16 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
          <div>
            <Eyebrow className="mb-5 text-on-night-muted">{hero.eyebrow}</Eyebrow>
            <h1
              id="hero-title"
              className="text-2xl font-semibold tracking-tight min-[22.5rem]:text-3xl sm:text-4xl lg:text-5xl"
            >
              <KeepHyphenated text={hero.headline} />
            </h1>
            <p className="mt-6 text-xl font-medium text-on-night">{hero.question}</p>
            <p className="mt-4 max-w-xl text-lg text-on-night-muted">{hero.pitch}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <BookingButton href={bookingUrl}>Schedule a Discovery Call</BookingButton>
              <Button href={`#${homeSections.findYourPath}`} variant="luminous" size="lg">
                Explore Our Programs
              </Button>
            </div>
          </div>
          {heroArt ? (
            <div className="inline-art mx-auto w-full max-w-xl">{heroArt}</div>
          ) : (
            <Artwork image={art.hero} alt={hero.imageAlt} priority className="mx-auto max-w-xl" />
          )}
        </div>
      </section>

      <Section labelledBy="statement-title" containerClassName="grid grid-cols-1 items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading id="statement-title" eyebrow={statement.eyebrow} title={statement.title} />
          <div className="prose-measure mt-6 space-y-4 text-lg text-ink-soft">
            {statement.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <Artwork image={art.statement} alt={statement.imageAlt} className="rounded-card shadow-card" />
      </Section>

      <Section
        id="approach"
        heading={{
          id: 'approach-title',
          eyebrow: approach.eyebrow,
          title: approach.title,
          intro: <p>{approach.intro}</p>,
        }}
        className="bg-stone/60"
      >
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {approach.pillars.map((pillar) => (
            <li key={pillar.title} className="rounded-card border border-line bg-paper p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-ui bg-night text-violet">
                <Icon name={pillar.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">
                <KeepHyphenated text={pillar.title} />
              </h3>
              <p className="mt-2 text-muted">{pillar.description}</p>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-16 max-w-3xl text-center">
          <p className="eyebrow text-muted">Our principle</p>
          <p className="mt-4 text-xl font-medium text-balance text-ink sm:text-2xl">{approach.principle}</p>
        </div>
      </Section>

      <Section
        id={homeSections.findYourPath}
        heading={{ id: 'paths-title', eyebrow: paths.eyebrow, title: paths.title, intro: <p>{paths.intro}</p> }}
      >
        <div data-reveal="" className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {programs.map((program, index) => (
            <ProgramCard key={program.href} {...program} index={index} />
          ))}
        </div>
      </Section>

      <Section labelledBy="trust-title" className="border-t border-line pt-16" containerClassName="text-center">
        <h2 id="trust-title" className="text-xl font-semibold sm:text-2xl">
          {trust.title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-muted">{trust.intro}</p>
        <ul className="mx-auto mt-10 grid max-w-4xl grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {/* Each card starts at its top, so a name that wraps does not push its row's accent rules out of line. */}
          {trust.clients.map((client) => (
            <li
              key={client.name}
              className="flex flex-col items-center rounded-card border border-line bg-paper px-3 py-5 text-center sm:px-5"
            >
              <span className="accent-rule mb-3 w-8" aria-hidden="true" />
              <span className="font-semibold text-balance text-ink">{client.name}</span>
              <span className="mt-1 text-sm text-muted">{client.sector}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id={homeSections.apply}
        labelledBy="apply-title"
        className="theme-night relative overflow-hidden"
        containerClassName="text-center"
      >
        <div className="accent-rule mx-auto mb-8 w-24" aria-hidden="true" />
        <h2 id="apply-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {closing.headline}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-on-night-muted">{closing.subtext}</p>
        <div className="mt-10 flex justify-center">
          {/* Its label wraps inside the page's margins on a phone, as in the hero. */}
          <BookingButton href={bookingUrl} className="max-w-full">
            Schedule a Discovery Call
          </BookingButton>
        </div>
        <ul className="mt-8 flex flex-col items-center justify-center gap-3 text-on-night-muted sm:flex-row sm:gap-8">
          {closing.notes.map((note) => (
            // The spark is inline, so it stays beside the note's first word when the note wraps.
            <li key={note} className="text-balance">
              <Icon name="spark" className="me-2 inline size-4 text-amber" />
              {note}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
