import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { KeepHyphenated } from './KeepHyphenated.tsx';

export interface BadgeProps {
  children: ReactNode;
  className?: string;
}

/** A small status label, e.g. "Coming Soon". Deep violet on a light tint in light sections, light violet in dark ones. */
export function Badge({ children, className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-violet-deep/30 bg-violet/15 px-3 py-1 text-sm font-semibold text-violet-deep',
        '[.theme-night_&]:border-violet/40 [.theme-night_&]:bg-violet/10 [.theme-night_&]:text-violet',
        className,
      )}
    >
      {typeof children === 'string' ? (
        <span>
          <KeepHyphenated text={children} />
        </span>
      ) : (
        children
      )}
    </span>
  );
}
