import { BookingButton } from '../ui/BookingButton.tsx';
import { ClosingCallToAction } from './ClosingCallToAction.tsx';

export interface DiscoveryCallClosingProps {
  headline: string;
  subtext: string;
  bookingUrl: string;
  id?: string;
}

/** A closing call to action whose one next step is a discovery call (opens the booking page in a new tab). */
export function DiscoveryCallClosing({ headline, subtext, bookingUrl, id }: DiscoveryCallClosingProps) {
  return (
    <ClosingCallToAction
      {...(id ? { id } : {})}
      headline={headline}
      subtext={subtext}
      actions={<BookingButton href={bookingUrl}>Schedule a Discovery Call</BookingButton>}
    />
  );
}
