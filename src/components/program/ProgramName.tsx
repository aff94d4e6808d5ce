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
 * offer as title. The space before the "·" does not break, so the separator ends a line with the
 * program's last word rather than starting the next one.
 */
export function ProgramName({ program, offer }: ProgramNameProps) {
  return (
    <>
      {/* The no-break space in the same text node as the name (no <!-- --> between them in the HTML). */}
      <KeepHyphenated text={`${program}\u00a0`} />
      <span className="font-medium text-muted [.theme-night_&]:text-on-night-muted">{`· ${offer}`}</span>
    </>
  );
}
