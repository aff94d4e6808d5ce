import type { ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface BookingButtonProps {
  /** The external booking page (site.bookingUrl), handed down by the route. */
  href: string;
  /** "Schedule a Discovery Call", "Book a Discovery Call"… */
  children: ReactNode;
  className?: string;
}

/** The discovery-call button: the site's main call to action, opening the booking page in a new tab. */
export function BookingButton({ href, children, className }: BookingButtonProps) {
  return (
    <Button href={href} external variant="hero" size="lg" className={className}>
      {children}
    </Button>
  );
}
