import type { ReactNode } from 'react';
import { Section } from '../ui/Section.tsx';

export interface ClosingCallToActionProps {
  headline: string;
  subtext: string;
  /** A short line under the buttons, e.g. how limited the places are. */
  note?: string;
  /** Buttons and links; the page decides where they lead. */
  actions: ReactNode;
  /** One line right under the buttons, e.g. how the two choices differ. */
  actionsNote?: string;
  id?: string | undefined;
}

/** The dark closing section every content page ends on: one headline, one reason, the next step. */
export function ClosingCallToAction({
  headline,
  subtext,
  note,
  actions,
  actionsNote,
  id = 'closing-cta',
}: ClosingCallToActionProps) {
  const titleId = `${id}-title`;
  return (
    <Section
      id={id}
      labelledBy={titleId}
      className="theme-night relative overflow-hidden"
      containerClassName="text-center"
    >
      <div className="accent-rule mx-auto mb-8 w-24" aria-hidden="true" />
      <h2 id={titleId} className="mx-auto max-w-3xl text-3xl font-semibold tracking-tight sm:text-4xl">
        {headline}
      </h2>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-on-night-muted">{subtext}</p>
      <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        {actions}
      </div>
      {actionsNote ? <p className="mx-auto mt-4 max-w-xl text-sm text-on-night-muted">{actionsNote}</p> : null}
      {note ? <p className="mx-auto mt-8 max-w-xl text-on-night-muted">{note}</p> : null}
    </Section>
  );
}
