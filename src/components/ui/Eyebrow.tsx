import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface EyebrowProps {
  children: ReactNode;
  /** Spacing and colour for where it stands, e.g. "mb-4 text-muted". */
  className?: string;
  ruleClassName?: string;
}

/** The small capitals label above a heading, led by the accent rule. */
export function Eyebrow({ children, className, ruleClassName }: EyebrowProps) {
  return (
    <p className={cn('eyebrow flex items-center gap-3', className)}>
      <span className={cn('accent-rule', ruleClassName)} aria-hidden="true" />
      {children}
    </p>
  );
}
