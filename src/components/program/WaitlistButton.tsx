import { routes } from '../../config/routes.ts';
import { Button } from '../ui/Button.tsx';
import type { ButtonVariantProps } from '../ui/button-variants.ts';

/** Said once, next to every pair of "Join the Waiting List" and discovery-call buttons. */
export const WAITLIST_VS_CALL =
  'The waiting list is an application for a place in the next cohort; a discovery call is a conversation about your situation first, with no commitment.';

export interface WaitlistButtonProps extends ButtonVariantProps {
  /** Program slug, stored with the lead so we know which page it came from. */
  program: string;
  className?: string;
}

/**
 * "Join the Waiting List": a real link to the no-JavaScript form at /waitlist, which the
 * WaitlistWizard island (when loaded) turns into a trigger for its dialog.
 */
export function WaitlistButton({ program, variant = 'hero', size = 'lg', className }: WaitlistButtonProps) {
  return (
    <Button
      href={routes.waitlist({ program })}
      data-waitlist-trigger=""
      data-program={program}
      variant={variant}
      size={size}
      className={className}
    >
      Join the Waiting List
    </Button>
  );
}
