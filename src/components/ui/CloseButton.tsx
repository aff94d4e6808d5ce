import { cn } from '../../lib/cn.ts';
import { Icon } from '../icons/Icon.tsx';

export interface CloseButtonProps {
  onClick: () => void;
  /** Added to its own classes, never overriding one (a hover tint where the panel is light). */
  className?: string;
}

/**
 * The close button in a panel's top corner (the waiting-list dialog, its success toast): a 44 px
 * target drawn back into the corner by its negative margins, named for screen readers only.
 */
export function CloseButton({ onClick, className }: CloseButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn('-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-ui', className)}
    >
      <Icon name="close" className="size-5" />
      <span className="sr-only">Close</span>
    </button>
  );
}
