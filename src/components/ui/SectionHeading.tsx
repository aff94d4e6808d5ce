import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { KeepHyphenated } from './KeepHyphenated.tsx';
import { Eyebrow } from './Eyebrow.tsx';

export interface SectionHeadingProps {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  id?: string;
  /** Heading level: h1 for a page hero, h2 for sections. */
  as?: 'h1' | 'h2';
  align?: 'start' | 'center';
  className?: string;
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  as: Tag = 'h2',
  align = 'start',
  className,
}: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <div className={cn('max-w-3xl', centered && 'mx-auto text-center', className)}>
      {eyebrow ? (
        <Eyebrow className={cn('mb-4 text-muted [.theme-night_&]:text-on-night-muted', centered && 'justify-center')}>
          {/* One flex item: the helper returns several nodes. */}
          <span>
            <KeepHyphenated text={eyebrow} />
          </span>
        </Eyebrow>
      ) : null}
      <Tag
        id={id}
        className={cn(
          'font-semibold tracking-tight',
          Tag === 'h1' ? 'text-2xl min-[22.5rem]:text-3xl sm:text-4xl lg:text-5xl' : 'text-2xl sm:text-3xl',
        )}
      >
        <KeepHyphenated text={title} />
      </Tag>
      {intro ? <div className="mt-5 text-lg text-ink-soft [.theme-night_&]:text-on-night-muted">{intro}</div> : null}
    </div>
  );
}
