import type { CollectionEntry } from 'astro:content';
import { IconList } from '../ui/IconList.tsx';
import { Section } from '../ui/Section.tsx';
import { Eyebrow } from '../ui/Eyebrow.tsx';

export type OfferPhase = CollectionEntry<'offers'>['data']['phases'][number];

export interface OfferPhasesProps {
  durationWeeks: number;
  phases: OfferPhase[];
}

/** The engagement as an ordered timeline: each phase with its weeks, purpose and activities. */
export function OfferPhases({ durationWeeks, phases }: OfferPhasesProps) {
  return (
    <Section labelledBy="phases-title" className="render-near-view">
      <Eyebrow className="mb-4 text-muted">How it works</Eyebrow>
      <h2 id="phases-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {durationWeeks} weeks in {phases.length} phases
      </h2>
      <ol className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {phases.map((phase, index) => (
          <li
            key={phase.weeks}
            aria-labelledby={`phase-${index}`}
            className="flex flex-col rounded-card border border-line bg-white/70 p-6 shadow-card sm:p-8"
          >
            <p className="eyebrow text-violet-deep">
              <span className="sr-only">Phase {index + 1}: </span>
              {phase.weeks}
            </p>
            <h3 id={`phase-${index}`} className="mt-3 text-xl font-semibold">
              {phase.title}
            </h3>
            <p className="mt-3 text-ink-soft">{phase.description}</p>
            <IconList
              items={phase.activities}
              icon="arrow-right"
              iconClassName="mt-0.5 size-4 shrink-0 text-violet-deep"
              className="mt-6 space-y-3 border-t border-line pt-6"
              itemClassName="flex gap-3 text-sm"
            />
          </li>
        ))}
      </ol>
    </Section>
  );
}
