import type { CollectionEntry } from 'astro:content';
import { Badge } from '../ui/Badge.tsx';
import { IconList } from '../ui/IconList.tsx';
import { Section } from '../ui/Section.tsx';

export type EcosystemHubTeaserProps = CollectionEntry<'ciePage'>['data']['hub'];

/** A preview of the digital hub that is still being built, clearly marked as not yet available. */
export function EcosystemHubTeaser({ badge, title, description, features }: EcosystemHubTeaserProps) {
  return (
    <Section labelledBy="hub-title">
      <div className="grid grid-cols-1 gap-10 rounded-card border border-line bg-white/70 p-6 shadow-card sm:p-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <Badge>{badge}</Badge>
          <h2 id="hub-title" className="mt-5 text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-4 text-lg text-ink-soft">{description}</p>
        </div>
        <IconList
          items={features}
          icon="spark"
          iconClassName="mt-0.5 size-5 shrink-0 text-violet-deep"
          className="space-y-4"
        />
      </div>
    </Section>
  );
}
