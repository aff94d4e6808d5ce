import type { CollectionEntry } from 'astro:content';
import type { ReactNode } from 'react';
import { routes } from '../../config/routes.ts';
import type { ArtworkSource } from '../ui/Artwork.tsx';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../icons/Icon.tsx';
import { SectionHeading } from '../ui/SectionHeading.tsx';
import { FeatureHero } from '../layout/FeatureHero.tsx';
import { ClosingCallToAction } from '../layout/ClosingCallToAction.tsx';
import { WAITLIST_VS_CALL, WaitlistButton } from './WaitlistButton.tsx';
import { ProgramClarity } from './ProgramClarity.tsx';
import { IconList } from '../ui/IconList.tsx';
import { Section } from '../ui/Section.tsx';

/** A program's copy, as src/content/programs/*.json declares it. */
export type ProgramContent = CollectionEntry<'programs'>['data'];

export interface ProgramPageProps {
  slug: string;
  content: ProgramContent;
  image: ArtworkSource;
  /** The hero artwork drawn inline by the route (see FeatureHero). */
  heroArt?: ReactNode;
  /** The offer that delivers this program. */
  offer: { name: string; href: string };
}

export function ProgramPage({ slug, content, image, offer, heroArt }: ProgramPageProps) {
  const { pain, value, clarity, cta } = content;
  return (
    <>
      <FeatureHero
        heroArt={heroArt}
        // The separator stays with the audience at the end of a line, never starts one.
        eyebrow={`${content.audience}\u00a0· ${content.sizeBand}`}
        title={content.title}
        titleDescriptor={offer.name}
        lead={content.tagline}
        image={image}
        imageAlt={content.imageAlt}
        actions={<WaitlistButton program={slug} />}
      />

      <Section
        heading={{ id: 'challenge-title', eyebrow: 'The Challenge', title: pain.title }}
        className="render-near-view"
      >
        <IconList
          items={pain.points}
          icon="speech"
          iconClassName="mt-0.5 size-5 shrink-0 text-violet-deep"
          className="mt-12 grid gap-4 md:grid-cols-2"
          itemClassName="flex gap-4 rounded-card border border-line bg-white/60 p-5 sm:p-6"
          textClassName="text-ink-soft"
        />
      </Section>

      <Section
        labelledBy="value-title"
        // Not render-near-view: it holds the link to the offer, the page's likely next, which the
        // speculation rules find by a CSS selector (src/lib/speculation-rules.ts). Chrome matches
        // that selector against a link's computed style, which a link in a skipped block does not
        // have: with this section skipped until scrolled to, the offer was neither prerendered nor
        // fetched ahead (DevTools' Preload events show no attempt), and a tap on that link took
        // 365 ms to the offer's paint against 116 ms (an A/B on a throttled phone).
        className="bg-stone/60"
        containerClassName="grid grid-cols-1 gap-12 lg:grid-cols-[1fr_1.1fr] lg:gap-16"
      >
        <div>
          <SectionHeading
            id="value-title"
            eyebrow={offer.name}
            title={value.title}
            intro={<p>{value.description}</p>}
          />
          {/* Full width on phones; the label wraps (size lg) rather than push the page sideways. */}
          <Button href={offer.href} variant="outline" size="lg" className="mt-8 w-full sm:w-auto">
            {/* The eyebrow above names the offer; the link says so too for those who list links. */}
            See the offer<span className="sr-only"> ({offer.name})</span>
            <Icon name="arrow-right" />
          </Button>
        </div>
        <div className="rounded-card border border-line bg-paper p-6 shadow-card sm:p-8">
          <h3 id="outcomes-title" className="text-xl font-semibold">
            Your team will:
          </h3>
          <IconList
            items={value.outcomes}
            icon="check"
            iconClassName="mt-0.5 size-5 shrink-0 text-violet-deep"
            className="mt-6 space-y-4"
            labelledBy="outcomes-title"
          />
        </div>
      </Section>

      <ProgramClarity {...clarity} />

      <ClosingCallToAction
        {...cta}
        actionsNote={WAITLIST_VS_CALL}
        note={cta.note}
        actions={
          <>
            <WaitlistButton program={slug} />
            <Button href={routes.homeSection('apply')} variant="luminous" size="lg">
              Apply for Discovery Call
            </Button>
          </>
        }
      />
    </>
  );
}
