import { KeepHyphenated } from '../ui/KeepHyphenated.tsx';

export interface ProgramNameProps {
  /** The program's name, e.g. "Small Business Innovation Program". */
  program: string;
  /** The offer it leads to, e.g. "AI Advantage Lab". */
  offer: string;
}

/**
 * One way of naming a program everywhere it is the subject (home card, program page): the program's
 * name, then the offer it leads to as a quieter descriptor. "Small Business Innovation Program ·
 * AI Advantage Lab". The offer page shows the same pair the other way round: program as eyebrow,
 * offer as title.
 */
export function ProgramName({ program, offer }: ProgramNameProps) {
  return (
    <>
      <KeepHyphenated text={program} />{' '}
      <span className="font-medium text-muted [.theme-night_&]:text-on-night-muted">· {offer}</span>
    </>
  );
}
