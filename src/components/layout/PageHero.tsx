import type { ReactNode } from 'react';
import { SectionHeading } from '../ui/SectionHeading.tsx';

export interface PageHeroProps {
  eyebrow: string;
  title: string;
  intro: string;
  /** Buttons or links under the intro. */
  actions?: ReactNode;
}

/** The opening of every content page: one h1, a short intro, optional actions. */
export function PageHero({ eyebrow, title, intro, actions }: PageHeroProps) {
  return (
    <section aria-labelledby="page-title" className="border-b border-line bg-stone/50">
      <div className="container-page py-14 sm:py-20">
        <SectionHeading as="h1" id="page-title" eyebrow={eyebrow} title={title} intro={<p>{intro}</p>} />
        {actions ? <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div> : null}
      </div>
    </section>
  );
}
