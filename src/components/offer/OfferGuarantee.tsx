import { Icon } from '../icons/Icon.tsx';
import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';
import { Section } from '../ui/Section.tsx';

export interface OfferGuaranteeProps {
  days: number;
  title: string;
  description: string;
}

/** The guarantee, with its number of days large enough to be read at a glance. */
export function OfferGuarantee({ days, title, description }: OfferGuaranteeProps) {
  return (
    <Section labelledBy="guarantee-title" className="render-near-view pt-0 lg:pt-0">
      <div className="grid items-center gap-8 rounded-card border border-line-strong bg-white/70 p-6 shadow-card sm:p-10 md:grid-cols-[auto_1fr] md:gap-12">
        <p className="flex size-40 flex-col items-center justify-center rounded-full border-2 border-violet-deep text-center text-violet-deep sm:size-44">
          <Icon name="shield-check" className="size-7" />
          <span className="mt-1 text-3xl font-semibold tracking-tight">{days}-day</span>
          <span className="text-sm font-semibold tracking-wide uppercase"> guarantee</span>
        </p>
        <div>
          <h2 id="guarantee-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            <KeepHyphenated text={title} />
          </h2>
          <p className="prose-measure mt-4 text-lg text-ink-soft">{description}</p>
        </div>
      </div>
    </Section>
  );
}
