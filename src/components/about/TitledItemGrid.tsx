import { cn } from '../../lib/cn.ts';

export interface TitledItem {
  title: string;
  description: string;
}

export interface TitledItemGridProps {
  items: TitledItem[];
  columns: 2 | 3;
  /** Show "01", "02"… before each title, for lists whose members form a set (the six perspectives). */
  numbered?: boolean;
  className?: string;
}

/** A grid of short title-and-description items, each under an accent rule. */
export function TitledItemGrid({ items, columns, numbered = false, className }: TitledItemGridProps) {
  return (
    <ul className={cn('grid gap-x-10 gap-y-10 sm:grid-cols-2', columns === 3 && 'lg:grid-cols-3', className)}>
      {items.map((item, index) => (
        <li key={item.title} className="border-t border-line-strong/40 pt-6">
          {numbered ? (
            <p aria-hidden="true" className="mb-2 font-semibold text-violet-deep tabular-nums">
              {String(index + 1).padStart(2, '0')}
            </p>
          ) : null}
          <h3 className="text-lg font-semibold">{item.title}</h3>
          <p className="mt-2 text-ink-soft">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
