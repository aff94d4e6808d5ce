import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { SectionHeading, type SectionHeadingProps } from './SectionHeading.tsx';

export interface SectionProps {
  /** The section's own id, for in-page links (e.g. the home page's "#apply"). */
  id?: string;
  /**
   * The section's heading, drawn first inside the container; the section is labelled by it (its `id`
   * is required for that). Leave it out when the heading sits deeper in a layout and pass `labelledBy`.
   */
  heading?: SectionHeadingProps & { id: string };
  /** The id of a heading drawn by the children, when `heading` is not used. */
  labelledBy?: string;
  /** For a section without a visible heading. */
  label?: string;
  /** Added to the section's own `section` class (vertical rhythm), e.g. a tinted background. */
  className?: string;
  /** Added to the `container-page` that holds the content, e.g. a grid. */
  containerClassName?: string;
  children?: ReactNode;
}

/** A page section: the vertical rhythm, the page container, and an optional heading that labels the section. */
export function Section({ id, heading, labelledBy, label, className, containerClassName, children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={heading?.id ?? labelledBy}
      aria-label={label}
      className={cn('section', className)}
    >
      <div className={cn('container-page', containerClassName)}>
        {heading ? <SectionHeading {...heading} /> : null}
        {children}
      </div>
    </section>
  );
}
