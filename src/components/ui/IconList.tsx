import type { IconName } from '../icons/Icon.tsx';
import { Icon } from '../icons/Icon.tsx';

export interface IconListProps {
  items: readonly string[];
  icon: IconName;
  /** The icon's size, offset and colour, e.g. "mt-0.5 size-5 shrink-0 text-violet-deep". */
  iconClassName: string;
  className?: string;
  /** Each item's box; a row with the icon first by default. */
  itemClassName?: string;
  /** Classes of each item's text, when it differs from the list's. */
  textClassName?: string;
  /** The id of the heading that names the list. */
  labelledBy?: string;
}

/** A list whose every item starts with the same icon: outcomes with a check, activities with an arrow. */
export function IconList({
  items,
  icon,
  iconClassName,
  className,
  itemClassName = 'flex gap-3',
  textClassName,
  labelledBy,
}: IconListProps) {
  return (
    <ul aria-labelledby={labelledBy} className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <Icon name={icon} className={iconClassName} />
          <span className={textClassName}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
