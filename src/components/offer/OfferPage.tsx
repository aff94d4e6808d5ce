import type { CollectionEntry } from 'astro:content';
import type { ReactNode } from 'react';
import { routes } from '../../config/routes.ts';
import type { ArtworkSource } from '../ui/Artwork.tsx';
import { Button } from '../ui/Button.tsx';
import { WAITLIST_VS_CALL } from '../program/WaitlistButton.tsx';
import { Icon } from '../icons/Icon.tsx';
import { FeatureHero } from '../layout/FeatureHero.tsx';
import { ClosingCallToAction } from '../layout/ClosingCallToAction.tsx';
import { Testimonial } from '../layout/Testimonial.tsx';
import { OfferPhases } from './OfferPhases.tsx';
import { OfferGuarantee } from './OfferGuarantee.tsx';
import { IconList } from '../ui/IconList.tsx';
import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';
import { Section } from '../ui/Section.tsx';
import { BookingButton } from '../ui/BookingButton.tsx';

/** An offer's copy, as src/content/offers/*.json declares it. */
export type OfferContent = CollectionEntry<'offers'>['data'];

export interface OfferPageProps {
  content: OfferContent;
  image: ArtworkSource;
  /** The hero artwork drawn inline by the route (see FeatureHero). */
  heroArt?: ReactNode;
  bookingUrl: string;
  /** The program page this offer delivers, linked from the top of the page. */
  program: { title: string; href: string; slug: string };
}

export function OfferPage({ content, image, bookingUrl, program, heroArt }: OfferPageProps) {
  const { claims, achievements, whyItWorks, guarantee, testimonial, cta } = content;
  return (
    <>
      <FeatureHero
        heroArt={heroArt}
        // Program first, then this offer as the title: the same hierarchy as the program's card and page.
        eyebrow={program.title}
        title={content.name}
        lead={content.tagline}
        body={content.summary}
        image={image}
        imageAlt={content.imageAlt}
        backLink={
          <a
            href={program.href}
            className="inline-flex min-h-11 items-start gap-2 py-2.5 text-on-night-muted underline-offset-4 hover:text-on-night hover:underline"
          >
            <Icon name="arrow-left" className="mt-1 size-4 shrink-0" />
            Back to {program.title}
          </a>
        }
        actions={<BookingButton href={bookingUrl}>Book a Discovery Call</BookingButton>}
      />

      <section aria-label="At a glance" className="border-b border-line bg-stone/60">
        <ul className="container-page grid gap-8 py-12 sm:grid-cols-3 sm:py-14">
          {claims.map((claim) => (
            <li key={claim.value}>
              <p className="text-3xl font-semibold tracking-tight text-ink">{claim.value}</p>
              <p className="mt-2 text-ink-soft">{claim.label}</p>
            </li>
          ))}
        </ul>
      </section>

      <OfferPhases durationWeeks={content.durationWeeks} phases={content.phases} />

      <Section
        heading={{ id: 'achievements-title', eyebrow: 'Outcomes', title: achievements.title }}
        className="render-near-view bg-stone/60"
        containerClassName="grid grid-cols-1 gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16"
      >
        <IconList
          items={achievements.items}
          icon="check"
          iconClassName="mt-1 size-5 shrink-0 text-violet-deep"
          className="space-y-4"
          itemClassName="flex gap-3 rounded-card border border-line bg-paper p-5 text-lg"
        />
      </Section>

      <Section heading={{ id: 'why-title', title: whyItWorks.title }} className="render-near-view">
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {whyItWorks.points.map((point) => (
            <li key={point.title} className="border-l-2 border-violet-deep/50 pl-6">
              <h3 className="text-lg font-semibold">
                <KeepHyphenated text={point.title} />
              </h3>
              <p className="mt-2 text-ink-soft">{point.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <OfferGuarantee {...guarantee} />

      <Section label="What a client says" className="render-near-view bg-stone/60">
        <Testimonial {...testimonial} />
      </Section>

      <ClosingCallToAction
        {...cta}
        actionsNote={WAITLIST_VS_CALL}
        actions={
          <>
            <BookingButton href={bookingUrl}>Book a Discovery Call</BookingButton>
            <Button href={routes.waitlist({ program: program.slug })} variant="luminous" size="lg">
              Join the Waiting List
            </Button>
          </>
        }
      />
    </>
  );
}
